// Builds dist/: the server bundle (build-server.mjs, decision 015), the command-line tools (their
// packages left to Node: they run rarely and briefly), and the migrations beside them.
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { buildServer } from './build-server.mjs';

const apiRoot = import.meta.dirname;
await rm('dist', { recursive: true, force: true });
await buildServer({ apiRoot, sharedRoot: path.join(apiRoot, '../../packages/shared'), outdir: path.join(apiRoot, 'dist') });
await build({
  entryPoints: [
    'src/cli/seed.ts',
    'src/cli/create-super-admin.ts',
    'src/cli/gateway-simulator.ts',
    'src/cli/messaging-simulator.ts',
    'src/cli/tracking-simulator.ts',
    'src/cli/backup.ts',
    'src/cli/restore.ts',
  ],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@courier/shared': '../../packages/shared/src' },
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
