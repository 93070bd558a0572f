import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * The rules of scripts/source-words.sh, proved on a scratch tree: each forbidden line fails the
 * check and is named; the allowed lines beside them pass.
 */
const script = path.resolve(import.meta.dirname, '../../../../scripts/source-words.sh');
const run = promisify(execFile);
// Built from parts so this file does not trip the check it tests.
const SPEC = ['the', 'spec'].join(' ');
const ROUND = ['Math', 'round'].join('.');

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'source-words-probe-'));
});
afterEach(async () => scratch && rm(scratch, { recursive: true, force: true }));

async function write(file: string, text: string) {
  await mkdir(path.dirname(path.join(scratch, file)), { recursive: true });
  await writeFile(path.join(scratch, file), text);
}

async function check(): Promise<{ failed: boolean; output: string }> {
  return run('bash', [script, scratch]).then(
    ({ stdout }) => ({ failed: false, output: stdout }),
    (error: { stdout?: string }) => ({ failed: true, output: error.stdout ?? '' }),
  );
}

describe('the source text rules', () => {
  it('pass a tree that states its rules and turns money into cents in money.ts only', async () => {
    await write('apps/web/src/badge.tsx', '/** Counts capped at 99+ and 9+. */\nexport const cap = 99;\n');
    await write('apps/web/e2e/login.spec.ts', "// A spec file's test: the name of the file is no citation.\nexport {};\n");
    await write('apps/web/src/progress.ts', `export const percent = (a: number, b: number) => ${ROUND}((a / b) * 100);\n`);
    await write('apps/api/src/weights.ts', `export const weightLb = (n: number) => ${ROUND}(n * 100) / 100;\n`);
    await write('packages/shared/src/format/money.ts', `export const centsOf = (amount: number) => ${ROUND}(amount * 100);\n`);
    expect(await check()).toEqual({ failed: false, output: '' });
  });

  it.each([
    ['a comment', 'apps/api/src/a.ts', `// As ${SPEC} says, GCT applies to freight.\nexport {};\n`],
    ['a test title', 'packages/shared/src/b.test.ts', `it('keeps ${SPEC} order', () => {});\n`],
    ['a possessive', 'apps/web/src/c.tsx', `/** The ${SPEC.split(' ')[1]}'s labels. */\nexport {};\n`],
    ['money rounded by hand', 'apps/web/src/d.tsx', `export const feeCents = (v: string) => ${ROUND}(Number(v) * 100);\n`],
    ['money rounded the other way round', 'apps/api/src/e.ts', `export const priceCents = (v: number) => ${ROUND}(100 * v);\n`],
  ])('fail on %s and name the line', async (_what, file, text) => {
    await write(file, text);
    const { failed, output } = await check();
    expect(failed).toBe(true);
    expect(output).toContain(`${file}:`);
  });
});
