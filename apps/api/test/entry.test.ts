import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { entryArgs } from './entry';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An API tree whose sources were last changed at `sourceAt` and whose build ran at `builtAt` (seconds). */
function tree(sourceAt: number, builtAt: number | null) {
  const apiDir = mkdtempSync(path.join(os.tmpdir(), 'entry-'));
  dirs.push(apiDir);
  const at = (file: string, seconds: number) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '');
    utimesSync(file, seconds, seconds);
  };
  for (const file of ['src/server.ts', 'src/cli/seed.ts', 'src/lib/deep/rule.ts']) at(path.join(apiDir, file), 1_000);
  at(path.join(apiDir, 'src/lib/deep/rule.ts'), sourceAt);
  for (const dir of ['src/lib/deep', 'src/lib', 'src/cli', 'src']) utimesSync(path.join(apiDir, dir), 1_000, 1_000);
  if (builtAt !== null) for (const file of ['dist/server.cjs', 'dist/server.js', 'dist/cli/seed.js']) at(path.join(apiDir, file), builtAt);
  return { apiDir, builtFrom: [path.join(apiDir, 'src')] };
}

describe('entryArgs', () => {
  it('runs the build when it is newer than every source file', () => {
    const t = tree(2_000, 3_000);
    expect(entryArgs('src/server.ts', t)).toEqual([path.join(t.apiDir, 'dist/server.js')]);
    expect(entryArgs('src/cli/seed.ts', t)).toEqual([path.join(t.apiDir, 'dist/cli/seed.js')]);
  });

  it('runs the source through tsx when a file deep in the sources changed after the build', () => {
    const t = tree(4_000, 3_000);
    expect(entryArgs('src/server.ts', t)).toEqual(['--import', 'tsx', path.join(t.apiDir, 'src/server.ts')]);
  });

  it('runs the source when there is no build, or no built file for the entry', () => {
    const none = tree(2_000, null);
    expect(entryArgs('src/server.ts', none)).toEqual(['--import', 'tsx', path.join(none.apiDir, 'src/server.ts')]);
    const built = tree(2_000, 3_000);
    expect(entryArgs('src/cli/restore.ts', built)).toEqual(['--import', 'tsx', path.join(built.apiDir, 'src/cli/restore.ts')]);
    expect(entryArgs('test/fixture.ts', built)).toEqual(['--import', 'tsx', path.join(built.apiDir, 'test/fixture.ts')]);
  });
});
