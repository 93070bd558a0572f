import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

export const API_DOCS_PREFIX = '/api/docs';

/** What the reference needs of a route: where it is and its schemas, never its handler. */
type DocumentedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema'>;

/** Hop-by-hop and length headers are the forwarding reply's own business. */
const NOT_FORWARDED = new Set(['connection', 'transfer-encoding', 'content-length', 'keep-alive']);

/**
 * The API reference at /api/docs (Swagger UI, and the OpenAPI document at /api/docs/json), built on
 * its first request instead of at every start (@fastify/swagger, Swagger UI and turning
 * ~300 zod schemas into JSON Schema were a tenth of the start). Every /api route is recorded as it
 * is registered; the first request to the reference replays them, handlers left out, into a
 * separate Fastify instance that carries @fastify/swagger and Swagger UI, and later requests are
 * answered by that instance through `inject`.
 */
export function registerApiDocs(app: FastifyInstance): void {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    // HEAD twins of GET routes are Fastify's own: the reference instance makes them again.
    const documented = route.method !== 'HEAD' && route.url.startsWith('/api/') && !route.url.startsWith(API_DOCS_PREFIX);
    if (documented) {
      routes.push({ method: route.method, url: route.url, schema: route.schema });
    }
  });

  let reference: Promise<FastifyInstance> | undefined;
  async function answer(request: FastifyRequest, reply: FastifyReply) {
    reference ??= buildReference(routes).catch((error: unknown) => {
      reference = undefined;
      throw error;
    });
    const docs = await reference;
    const response = await docs.inject({ method: request.method as 'GET' | 'HEAD', url: request.url });
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value);
    }
    return reply.code(response.statusCode).send(response.rawPayload);
  }
  const options = { config: { public: true }, exposeHeadRoute: true, schema: { hide: true } };
  app.get(API_DOCS_PREFIX, options, answer);
  app.get(`${API_DOCS_PREFIX}/*`, options, answer);
}

async function buildReference(routes: DocumentedRoute[]): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
  const docs = Fastify({ logger: false });
  docs.setValidatorCompiler(validatorCompiler);
  docs.setSerializerCompiler(serializerCompiler);
  await docs.register(swagger, {
    openapi: {
      info: { title: 'Courier Portal API', version: '1.0.0', description: 'Generated from the zod schemas.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The inbound API (/api/v1): a courier's API key, created under Settings → Integrations.
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'cpk_ API key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await docs.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, staticCSP: true });
  for (const route of routes) {
    docs.route({ ...route, handler: async () => undefined });
  }
  await docs.ready();
  return docs;
}
