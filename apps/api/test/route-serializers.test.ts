import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * A route answers several status codes, and Fastify keeps its serializers in an object keyed by
 * them. Built from an empty object, that object grows a holey array up to its largest code: about
 * 600 slots (5 KB) for a route with 200 and 404, 1.8 MiB over the app's routes. patches/ makes it a
 * dictionary. A child Node with V8's natives asks which it is; the answers still go out right.
 */
const PROBE = `
const fastify = require('fastify');
const { kRouteContext, kSchemaResponse } = require('fastify/lib/symbols');
const app = fastify();
const shape = { type: 'object', properties: { message: { type: 'string' } } };
app.get('/thing', { schema: { response: { 200: shape, 400: shape, 401: shape, 403: shape, 404: shape } } }, (req, reply) => {
  const byStatus = reply[kRouteContext][kSchemaResponse];
  if (req.query.missing) return reply.code(404).send({ message: 'Not found', extra: 1 });
  return { message: String(%HasDictionaryElements(byStatus)), extra: 1 };
});
(async () => {
  const ok = await app.inject('/thing');
  const missing = await app.inject('/thing?missing=1');
  console.log(JSON.stringify({ ok: [ok.statusCode, ok.body], missing: [missing.statusCode, missing.body] }));
})();
`;

describe("a route's serializers by status code", () => {
  it('are kept as a dictionary, and each answer is serialized by its own', () => {
    const out = execFileSync(process.execPath, ['--allow-natives-syntax', '-e', PROBE], { encoding: 'utf8', cwd: __dirname });
    const { ok, missing } = JSON.parse(out) as { ok: [number, string]; missing: [number, string] };
    // The schema drops what it does not name (extra): the serializer of that status code ran.
    expect(ok).toEqual([200, JSON.stringify({ message: 'true' })]);
    expect(missing).toEqual([404, JSON.stringify({ message: 'Not found' })]);
  });
});
