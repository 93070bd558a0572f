import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// One Vitest run, four projects: pure shared rules, the API through app.inject on a fresh
// database per file, and React components in jsdom (two: shared and isolated, below).

// Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine,
// which ran the shared and jsdom groups (they run one after the other, before the API group) in
// 86-99 s instead of 44-55 s with two (issue 19, docs/performance.md "CI time").
const workers = Math.max(2, os.availableParallelism() - 1);

/**
 * The component tests share one jsdom and module graph per worker (setting up jsdom and importing
 * the app per file was four fifths of their CPU); setup.ts clears the DOM and storage after each
 * test. A file that replaces a module (vi.mock, vi.doMock, vi.resetModules) would hand its fake to
 * the files after it, so those files run in a project of their own, each with a fresh graph.
 */
const WEB_SRC = 'apps/web/src';
const WEB_TESTS = [`${WEB_SRC}/**/*.test.{ts,tsx}`];
const REPLACING_MODULES = readdirSync(path.join(import.meta.dirname, WEB_SRC), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `${WEB_SRC}/${file.split(path.sep).join('/')}`)
  .filter((file) => /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')));

function webProject(name: string, files: { include: string[]; exclude?: string[]; isolate: boolean }) {
  return {
    plugins: [react()],
    resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
    test: {
      name,
      ...files,
      environment: 'jsdom',
      setupFiles: ['apps/web/src/test/setup.ts'],
      // A hang detector, not a speed test: typing a whole form with user-event has taken over 5 s on a loaded machine.
      testTimeout: 15_000,
      maxWorkers: workers,
      sequence: { groupOrder: 1 },
    },
  };
}

/**
 * API files that take 15 s or more (fuzzing every route, killing and restarting the embedded
 * engine, replicas). Without timings from an earlier run (a fresh clone) Vitest starts the largest
 * files first, and these small ones started last, so the run ended with one of them alone.
 */
const LONG_FILES = [
  'apps/api/test/security/fuzz.test.ts',
  'apps/api/test/crash-safety.test.ts',
  'apps/api/test/replicas.test.ts',
  'apps/api/test/security/access-matrix.test.ts',
  'apps/api/test/security/data-dir-lock.test.ts',
  'apps/api/test/database-lost.test.ts',
];

/** Vitest's order, with the long files first in their project. */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const place = new Map(sorted.map((file, index) => [file, index]));
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const long = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONG_FILES.length : index;
    };
    return sorted.sort(
      (a, b) =>
        projects.indexOf(a.project.name) - projects.indexOf(b.project.name) ||
        long(a) - long(b) ||
        (place.get(a) ?? 0) - (place.get(b) ?? 0),
    );
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Three workers on the 2-core machines: a file waits on PostgreSQL (its own database on one
          // server) part of the time, and a third worker fills it (whole group 148 s with two, 127 s
          // with three, quiet; docs/performance.md "CI time"). API_TEST_WORKERS sets another count.
          maxWorkers: Number(process.env.API_TEST_WORKERS ?? 3),
          // A worker imports the app once and runs file after file with it: importing it per file
          // was most of the group's CPU. Files share only process-wide state that every app sets
          // alike or that counts per process (docs/performance.md "CI time"); spies and stubs are
          // undone here. API_TEST_ISOLATE=true gives each file a fresh module graph again.
          isolate: process.env.API_TEST_ISOLATE === 'true',
          restoreMocks: true,
          unstubEnvs: true,
          unstubGlobals: true,
          // Its own group: the API files run after the others, with their own worker limit.
          sequence: { groupOrder: 2 },
        },
      },
      webProject('web', { include: WEB_TESTS, exclude: REPLACING_MODULES, isolate: false }),
      webProject('web-isolated', { include: REPLACING_MODULES, isolate: true }),
    ],
  },
});
