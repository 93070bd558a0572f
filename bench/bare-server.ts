/**
 * The framework's ceiling on this machine: a bare Fastify server with one route answering
 * `{ ok: true }`, run the same way as the app (its own Node process, forked by bench/api.ts,
 * bundled by esbuild and listening on loopback), so the app's figures can be given as a ratio to it.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', async () => {
  await app.close();
  process.exit(0);
});
