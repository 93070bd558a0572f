/**
 * The API as bench/api.ts runs it: the real app (`buildApp`) on the database the environment names
 * (DATABASE_URL, else the embedded one in DATA_DIR), in its own Node process, bundled by esbuild
 * like apps/api/dist/server.js. It differs from server.ts in what would skew the figures: no
 * background jobs (the hourly uncollected check would bill thousands of the generated packages at
 * start), no web files, no log lines. It tells its parent its port over IPC and stops on a message.
 * On `{ profile: 'start' }` / `{ profile: 'stop' }` it records a V8 CPU profile and sends it back.
 */
import { Session } from 'node:inspector/promises';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createRuntime } from '../apps/api/src/context';

const config = loadConfig();
const { ctx, database } = await createRuntime(config);
const app = await buildApp(ctx, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0, kind: database.kind });
let session: Session | undefined;
process.on('message', async (message: { profile?: 'start' | 'stop' } | string) => {
  if (typeof message === 'object' && message.profile === 'start') {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    process.send?.({ profiling: true });
    return;
  }
  if (typeof message === 'object' && message.profile === 'stop') {
    const { profile } = await (session as Session).post('Profiler.stop');
    session?.disconnect();
    process.send?.({ profile });
    return;
  }
  await app.close();
  await database.close();
  process.exit(0);
});
