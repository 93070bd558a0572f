#!/usr/bin/env node
// API tests ask the API one way: TestApp.api (or askApp for an app built another way) of
// apps/api/test/helper.ts. Outside helper.ts no API test file calls Fastify's `.inject(` or declares
// its own request helper (a function named call, post, get, put, patch, del, request, send, ask or
// receive); a package scanned in is receivePackage or receiveFor of helper.ts.
// Part of scripts/boundaries.sh; `node scripts/test-requests.mjs [root]` checks the tree at root.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

/** The one place requests are made. */
const HELPER = 'apps/api/test/helper.ts';

/** Files that may ask some other way, each with its reason. */
export const EXCEPTIONS = {
  'apps/api/test/replicas.test.ts': 'asks two running server processes over HTTP (fetch), not an app in the test process',
  'apps/api/test/crash/write-stream.ts': 'writes to a server process over HTTP (fetch) while the crash rounds kill it',
  'apps/api/test/fixtures/card-checks.ts': "posts the bank's HTML forms as a browser does (fetch to the listening gateway simulator)",
  'apps/api/test/route-serializers.test.ts':
    "injects into a bare Fastify in a child Node run with V8's natives (the patched dependency itself, not the app)",
  'apps/api/test/fixtures/organisation.ts':
    "the organisation world's call(who, ...) is t.api as one of its named people, shared by six files",
};

const VERBS = 'call|post|get|put|patch|del|request|send|ask|receive';
const RULES = [
  [/\.inject\(/, "calls Fastify's inject: ask through t.api (or askApp) of test/helper.ts"],
  [
    new RegExp(`^\\s*(?:export\\s+)?(?:async\\s+)?function\\s+(?:${VERBS})\\s*[<(]`),
    'declares a local request helper: use t.api (its object form for raw bodies, headers, addresses) or a fixture of test/helper.ts',
  ],
  [
    new RegExp(
      `^\\s*(?:export\\s+)?(?:const|let)\\s+(?:${VERBS})\\s*(?::[^=]+)?=\\s*(?:async\\s*)?(?:\\([^()]*\\)\\s*(?::[^=]+)?=>|\\($|[A-Za-z_$][\\w$]*\\s*=>|function\\b)`,
    ),
    'declares a local request helper: use t.api (its object form for raw bodies, headers, addresses) or a fixture of test/helper.ts',
  ],
];

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));

/** API test sources: *.test.ts under apps/api/src, every .ts under apps/api/test. */
async function* files(dir, all) {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full, all);
    else if (all ? /\.ts$/.test(entry.name) : /\.test\.ts$/.test(entry.name)) yield full;
  }
}

const problems = [];
for (const [dir, all] of [
  ['apps/api/src', false],
  ['apps/api/test', true],
]) {
  for await (const file of files(path.join(root, dir), all)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (rel === HELPER || rel in EXCEPTIONS) continue;
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines.forEach((text, i) => {
      for (const [pattern, why] of RULES) if (pattern.test(text)) problems.push(`${rel}:${i + 1}: ${why}\n    ${text.trim()}`);
    });
  }
}
for (const p of problems) console.error(`test-requests ${p}`);
if (problems.length > 0) {
  console.error(`\n✘ ${problems.length} request(s) made or helper(s) declared outside ${HELPER}`);
  process.exitCode = 1;
}
