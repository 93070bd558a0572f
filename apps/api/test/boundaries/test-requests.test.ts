import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * The rule of scripts/test-requests.mjs, proved on a scratch tree: an API test that calls inject
 * or declares its own request helper fails the check and is named; t.api, helper.ts itself and
 * the named exceptions pass.
 */
const script = path.resolve(import.meta.dirname, '../../../../scripts/test-requests.mjs');
const run = promisify(execFile);
// Built from parts so this file does not trip the check it tests.
const INJECT = ['.inj', 'ect('].join('');
const FN = (name: string) => ['func', 'tion ', name].join('');
const CONST = (name: string) => ['con', 'st ', name].join('');

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'test-requests-probe-'));
});
afterEach(async () => scratch && rm(scratch, { recursive: true, force: true }));

async function write(file: string, text: string) {
  await mkdir(path.dirname(path.join(scratch, file)), { recursive: true });
  await writeFile(path.join(scratch, file), text);
}

async function check(): Promise<{ failed: boolean; output: string }> {
  return run('node', [script, scratch]).then(
    () => ({ failed: false, output: '' }),
    (error: { stderr?: string }) => ({ failed: true, output: error.stderr ?? '' }),
  );
}

describe('API tests ask the API one way', () => {
  it('pass tests that ask through t.api, helper.ts that injects, a named exception and non-test sources', async () => {
    await write('apps/api/src/modules/a/a.test.ts', "const res = await t.api('GET', '/packages', token);\n");
    await write('apps/api/test/helper.ts', `export const ask = (app) => app${INJECT}{ method: 'GET', url: '/api' });\n`);
    await write('apps/api/test/replicas.test.ts', `${CONST('post')} = (url: string) => fetch(url);\n`);
    await write('apps/api/src/plugins/docs.ts', `export const docs = (app) => app${INJECT}{ url: '/x' });\n`);
    // A variable named like a verb that holds an answer is no helper.
    await write('apps/api/src/modules/b/b.test.ts', `${CONST('post')} = await t.api('POST', '/x', token, {});\n`);
    expect(await check()).toEqual({ failed: false, output: '' });
  });

  it.each([
    [
      'an inject call in a module test',
      'apps/api/src/modules/a/a.test.ts',
      `const res = await t.app${INJECT}{ method: 'GET', url: '/api/x' });\n`,
    ],
    [
      'an inject call in a shared fixture',
      'apps/api/test/fixtures/world.ts',
      `export const ask = (t) => t.app${INJECT}{ url: '/api/x' });\n`,
    ],
    ['a local call function', 'apps/api/test/a.test.ts', `async ${FN('call')}(url: string) {\n  return t.api('GET', url);\n}\n`],
    [
      'a local receive arrow',
      'apps/api/src/modules/w/w.test.ts',
      `${CONST('receive')} = async (body: object) => t.api('POST', '/packages', s, body);\n`,
    ],
    ['a local post arrow with one bare parameter', 'apps/api/src/modules/p/p.test.ts', `  ${CONST('post')} = url => t.api('POST', url);\n`],
  ])('fail on %s and name the line', async (_what, file, text) => {
    await write(file, text);
    const { failed, output } = await check();
    expect(failed).toBe(true);
    expect(output).toContain(`${file}:`);
  });
});
