// Bundles the API (and the shared package it imports) into dist/, leaving npm packages external.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: [
    'src/server.ts',
    'src/cli/seed.ts',
    'src/cli/create-super-admin.ts',
    'src/cli/gateway-simulator.ts',
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
