import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Every direction docs/architecture.md states is a rule of .dependency-cruiser.cjs. Each rule is
 * proved here: a scratch tree with the repository's config holds one forbidden import per rule,
 * and the check must name that rule for that import; the allowed imports beside them must pass.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');
const run = promisify(execFile);

/** [rule, importing file, imported file, how it imports]. */
const FORBIDDEN: Array<[string, string, string, ('value' | 'type')?]> = [
  ['web-feature-to-feature', 'apps/web/src/features/alpha/a1.ts', 'apps/web/src/features/beta/b1.ts'],
  ['web-components-to-feature', 'apps/web/src/components/c1.ts', 'apps/web/src/features/beta/b2.ts'],
  ['web-shared-to-feature', 'apps/web/src/lib/l1.ts', 'apps/web/src/features/beta/b3.ts'],
  ['web-feature-to-page', 'apps/web/src/features/alpha/a2.ts', 'apps/web/src/app/routes/p1.ts'],
  ['web-to-api', 'apps/web/src/lib/l2.ts', 'apps/api/src/lib/x1.ts'],
  ['shared-to-apps', 'packages/shared/src/s1.ts', 'apps/web/src/lib/l3.ts'],
  ['api-to-web', 'apps/api/src/lib/x2.ts', 'apps/web/src/lib/l4.ts'],
  ['api-module-through-face', 'apps/api/src/modules/alpha/a1.service.ts', 'apps/api/src/modules/beta/internal1.ts'],
  // Another module's service, no longer a face: only its index.ts is.
  ['api-module-through-face', 'apps/api/src/modules/alpha/a3.ts', 'apps/api/src/modules/beta/b4.service.ts'],
  ['api-outside-through-face', 'apps/api/src/jobs/j2.ts', 'apps/api/src/modules/beta/b5.service.ts'],
  ['api-routes-only-from-app', 'apps/api/src/jobs/j1.ts', 'apps/api/src/modules/beta/beta.routes.ts'],
  ['api-routes-no-tables', 'apps/api/src/modules/alpha/alpha.routes.ts', 'apps/api/src/db/schema/t1.ts'],
  ['api-outside-through-face', 'apps/api/src/plugins/g1.ts', 'apps/api/src/modules/beta/internal2.ts'],
  ['api-lib-to-module', 'apps/api/src/lib/x3.ts', 'apps/api/src/modules/beta/beta.service.ts'],
  ['no-runtime-cycles', 'apps/api/src/lib/cycle-a.ts', 'apps/api/src/lib/cycle-b.ts'],
];
/** The other half of the cycle above. */
const CYCLE_BACK: [string, string] = ['apps/api/src/lib/cycle-b.ts', 'apps/api/src/lib/cycle-a.ts'];

/** Imports the rules allow: a probe that flags these would prove nothing. */
const ALLOWED: Array<[string, string, ('value' | 'type')?]> = [
  ['apps/web/src/features/gamma/g1.ts', 'apps/web/src/lib/ok1.ts'],
  ['apps/web/src/app/routes/ok-page.ts', 'apps/web/src/features/gamma/g2.ts'],
  ['apps/web/src/features/gamma/g3.test.ts', 'apps/web/src/app/routes/ok-layout.ts'],
  ['apps/api/src/modules/delta/d1.service.ts', 'apps/api/src/modules/epsilon/index.ts'],
  // A module's tests may reach another's internals.
  ['apps/api/src/modules/delta/d2.test.ts', 'apps/api/src/modules/epsilon/e2.service.ts'],
  ['apps/api/src/plugins/ok2.ts', 'apps/api/src/modules/epsilon/index.ts'],
  ['apps/api/src/db/ok3.ts', 'apps/api/src/modules/epsilon/epsilon.seed.ts'],
  ['apps/api/src/app.ts', 'apps/api/src/modules/epsilon/epsilon.routes.ts'],
  ['apps/web/src/lib/ok4.ts', 'packages/shared/src/ok5.ts'],
  // A cycle of type-only imports.
  ['apps/api/src/lib/types-a.ts', 'apps/api/src/lib/types-b.ts', 'type'],
  ['apps/api/src/lib/types-b.ts', 'apps/api/src/lib/types-a.ts', 'type'],
];

let scratch: string;

async function write(file: string, text: string) {
  await mkdir(path.dirname(path.join(scratch, file)), { recursive: true });
  await writeFile(path.join(scratch, file), text, { flag: 'a' });
}

const write_ = write;

async function addImport(from: string, to: string, how: 'value' | 'type' = 'value') {
  let spec = path.relative(path.dirname(from), to).replace(/\.ts$/, '');
  if (!spec.startsWith('.')) spec = `./${spec}`;
  const name = `v_${path.basename(to, '.ts').replace(/\W/g, '_')}`;
  await write(to, `export const ${name} = 1;\nexport type T_${name} = number;\n`);
  await write(
    from,
    how === 'type'
      ? `import type { T_${name} } from '${spec}';\nexport type U_${name} = T_${name};\n`
      : `import { ${name} } from '${spec}';\nexport const u_${name} = ${name};\n`,
  );
}

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

async function violations(paths: string[], env: Record<string, string> = {}): Promise<Violation[]> {
  const args = [...paths, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
  const result = await run(depcruise, args, { cwd: scratch, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  return (JSON.parse(result.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'boundaries-probe-'));
  for (const file of ['.dependency-cruiser.cjs', 'tsconfig.depcruise.json', 'tsconfig.base.json'])
    await copyFile(path.join(root, file), path.join(scratch, file));
  for (const [, from, to, how] of FORBIDDEN) await addImport(from, to, how);
  await addImport(...CYCLE_BACK);
  for (const [from, to, how] of ALLOWED) await addImport(from, to, how);
  // Two modules that need each other: a cycle between module folders, each import through a face.
  await addImport('apps/api/src/modules/zeta/z1.service.ts', 'apps/api/src/modules/eta/index.ts');
  await addImport('apps/api/src/modules/eta/h2.service.ts', 'apps/api/src/modules/zeta/index.ts');
}, 60_000);
afterAll(async () => scratch && rm(scratch, { recursive: true, force: true }));

describe('the import boundaries', () => {
  it('refuse each forbidden direction by its rule, and allow the rest', async () => {
    const found = await violations(['apps', 'packages']);
    for (const [rule, from, to] of FORBIDDEN) {
      expect(
        found.some((v) => v.rule.name === rule && v.from === from && v.to === to),
        `${rule}: ${from} → ${to}`,
      ).toBe(true);
    }
    const allowedFiles = new Set(ALLOWED.map(([from]) => from));
    expect(found.filter((v) => allowedFiles.has(v.from))).toEqual([]);
  }, 120_000);

  it('refuse a write of an owned table outside its owner, a table no one owns, a query in a route, a module without a face and a file too long', async () => {
    const write = (table: string, how = 'update') => `export const w = (db: any) =>\n  db\n    .${how}(${table})\n    .set({});\n`;
    await write_('apps/api/src/modules/beta/writes.service.ts', write('packages'));
    await write_('apps/api/src/modules/packages/own-writes.service.ts', write('packages'));
    // The customers, invoices and payments tables each have their one writer too.
    await write_('apps/api/src/modules/beta/customer-writes.service.ts', write('customers', 'insert'));
    await write_('apps/api/src/modules/customers/own-writes.service.ts', write('customers'));
    await write_('apps/api/src/modules/beta/invoice-writes.service.ts', write('invoices'));
    await write_('apps/api/src/modules/invoices/own-writes.service.ts', write('invoices', 'delete'));
    await write_('apps/api/src/modules/beta/payment-writes.service.ts', write('paymentAllocations', 'delete'));
    // SQL text naming an owned table is a write as well; reading it is not.
    const table = (name: string) => ['$', '{', name, '}'].join('');
    await write_('apps/api/src/modules/beta/raw-writes.service.ts', `export const q = sql\`\n  update ${table('payments')} set x = 1\`;\n`);
    await write_('apps/api/src/modules/beta/raw-reads.service.ts', `export const q = sql\`select * from ${table('payments')}\`;\n`);
    // The tables many modules change have owners too: couriers, and app_settings written from lib/.
    await write_('apps/api/src/modules/beta/courier-writes.service.ts', write('couriers'));
    await write_('apps/api/src/modules/couriers/own-writes.service.ts', write('couriers'));
    await write_('apps/api/src/lib/settings-writes.ts', write('appSettings', 'insert'));
    // A table of lib/ or db/ infrastructure is written by its file alone: db/counters.ts owns the counters.
    await write_('apps/api/src/modules/beta/counter-writes.service.ts', write('courierCounters'));
    await write_('apps/api/src/db/counters.ts', write('courierCounters'));
    // Every table of the schema has an owner: the real schema passes, a table added to it with none fails.
    const schema = path.join(root, 'apps/api/src/db/schema');
    await mkdir(path.join(scratch, 'apps/api/src/db/schema'), { recursive: true });
    for (const file of await readdir(schema)) await copyFile(path.join(schema, file), path.join(scratch, 'apps/api/src/db/schema', file));
    await write_('apps/api/src/db/schema/orphans.ts', "export const orphanNotes = pgTable('orphan_notes', {});\n");
    // A module's demo seed and the demo seed of db/ write freely.
    await write_('apps/api/src/modules/beta/beta.seed.ts', write('packages'));
    await write_('apps/api/src/db/seed.ts', write('customers', 'insert'));
    // Outside the modules (lib/, jobs/), an owned table is not written either.
    await write_('apps/api/src/jobs/cleanup.ts', write('invoices', 'delete'));
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const x${i} = ${i};\n`).join('');
    await write_('apps/api/src/modules/beta/long.service.ts', lines(401));
    await write_('apps/api/src/modules/beta/just.service.ts', lines(400));
    await write_('apps/api/src/modules/beta/long.test.ts', lines(600));
    // A route that queries a table itself, beside one that calls a service.
    await write_('apps/api/src/modules/beta/queries.routes.ts', 'export const r = async (ctx: any) =>\n  ctx.db.select().from(x);\n');
    await write_('apps/api/src/modules/beta/calls.routes.ts', "app.delete('/x', async () => removeX(ctx.db));\n");
    const result = await run('node', [path.join(root, 'scripts/table-writers.mjs'), scratch]).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code ?? 1, stderr: error.stderr ?? '' }),
    );
    expect(result.code).toBe(1);
    const flagged = result.stderr
      .split('\n')
      .filter((l) => /^(table-one-writer|routes-call-services) /.test(l))
      .map((l) => l.replace(/:( the | a route).*$/, ''))
      .sort();
    expect(flagged).toEqual([
      'routes-call-services apps/api/src/modules/beta/queries.routes.ts:2: select',
      'table-one-writer apps/api/src/jobs/cleanup.ts:3: delete(invoices)',
      'table-one-writer apps/api/src/lib/settings-writes.ts:3: insert(appSettings)',
      'table-one-writer apps/api/src/modules/beta/counter-writes.service.ts:3: update(courierCounters)',
      'table-one-writer apps/api/src/modules/beta/courier-writes.service.ts:3: update(couriers)',
      'table-one-writer apps/api/src/modules/beta/customer-writes.service.ts:3: insert(customers)',
      'table-one-writer apps/api/src/modules/beta/invoice-writes.service.ts:3: update(invoices)',
      'table-one-writer apps/api/src/modules/beta/payment-writes.service.ts:3: delete(paymentAllocations)',
      'table-one-writer apps/api/src/modules/beta/raw-writes.service.ts:2: update(payments)',
      'table-one-writer apps/api/src/modules/beta/writes.service.ts:3: update(packages)',
    ]);
    expect(result.stderr).toMatch(/the customers table is written by modules\/customers only/);
    expect(result.stderr).toMatch(/the courierCounters table is written by db\/counters\.ts only/);
    // The table no one owns is named; the tables of the real schema all have owners.
    expect(result.stderr.split('\n').filter((l) => l.startsWith('table-owner '))).toEqual([
      'table-owner orphanNotes: a table of the schema no one owns; list its owner in scripts/table-writers.mjs',
    ]);
    // A file past 400 lines is named; one of 400 is not, nor a long test.
    expect(result.stderr).toMatch(/^file-size apps\/api\/src\/modules\/beta\/long\.service\.ts: 401 lines/m);
    expect(result.stderr).not.toMatch(/file-size .*(just|long\.test)/);
    // A module without its face is named; one with an index.ts is not.
    expect(result.stderr).toMatch(/^module-face apps\/api\/src\/modules\/beta: has no index\.ts/m);
    expect(result.stderr).not.toMatch(/module-face apps\/api\/src\/modules\/epsilon:/);
  });

  it('refuse a cycle between two API modules', async () => {
    const found = await violations(['apps/api/src/modules'], { BOUNDARIES: 'api-module-cycles' });
    expect(found.map((v) => v.rule.name)).toContain('api-no-module-cycles');
    expect(found.every((v) => /modules\/(zeta|eta)$/.test(v.from))).toBe(true);
  }, 120_000);
});
