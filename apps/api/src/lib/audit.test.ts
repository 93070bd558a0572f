import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_KIND_LABELS, auditActionLabel, auditKindLabel } from '@courier/shared/schemas/audit';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/**
 * The actions the API's code writes to the audit log: every `'kind.verb'` given as an `action:`
 * (ternaries included) or to the courier settings' row update, and the kinds of actions built
 * from a template (`delivery_location.${action}`).
 */
function writtenActions() {
  const actions = new Set<string>();
  const templateKinds = new Set<string>();
  const literals = (text: string) => [...text.matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1] as string);
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    if (!/\baudit\(|updateCourierRow\(/.test(text)) continue;
    for (const m of text.matchAll(/\baction:\s*([^\n]+)/g)) for (const a of literals(m[1] as string)) actions.add(a);
    for (const m of text.matchAll(/updateCourierRow\(([\s\S]*?)\);/g)) for (const a of literals(m[1] as string)) actions.add(a);
    for (const m of text.matchAll(/action: `([a-z_]+)\.\$\{/g)) templateKinds.add(m[1] as string);
  }
  return { actions, templateKinds };
}

describe('audit log labels', () => {
  it('has a label for every action the API writes, and for its kind', () => {
    const { actions, templateKinds } = writtenActions();
    // The scan sees the API's audit calls (about seventy of them), so an empty scan cannot pass.
    expect(actions.size).toBeGreaterThan(60);
    const unlabelled = [...actions].filter((a) => !(a in AUDIT_ACTION_LABELS));
    expect(unlabelled).toEqual([]);
    const kinds = [...actions].map((a) => a.split('.')[0] as string).concat([...templateKinds]);
    expect(kinds.filter((k) => !(k in AUDIT_KIND_LABELS))).toEqual([]);
  });

  it('labels every action and kind in words, each action its own', () => {
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of [...labels, ...Object.values(AUDIT_KIND_LABELS)]) expect(label).toMatch(/^[A-Z][^._]*$/);
  });

  it('says an action or kind without a label (an older row) in words, never as the raw key', () => {
    expect(auditActionLabel('payment.recorded')).toBe('Payment recorded');
    expect(auditKindLabel('public_content')).toBe('Public site content');
    expect(auditActionLabel('loyalty_points.granted')).toBe('Loyalty points granted');
    expect(auditKindLabel('loyalty_points')).toBe('Loyalty points');
  });
});
