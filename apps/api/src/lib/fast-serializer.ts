import fastJson from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A route's 200 answer written by fast-json-stringify (what Fastify itself uses for JSON Schema
 * routes), compiled once from the route's zod response schema, instead of a zod parse of the whole
 * answer and then JSON.stringify. For hot routes whose answer the service builds field by field
 * (the package page, 50 rows).
 *
 * Only the schema's properties are written (`additionalProperties: false`): the same JSON as the
 * zod serializer's, required properties first; a missing required property is an error (500).
 * What it does not do is check each value against the schema (an enum's value, a string's
 * length): the service's types do that. Other statuses (errors) keep the zod serializer.
 */
export function fastOkSerializer<T>(route: FastifyRouteSchemaDef<T>): (data: unknown) => string {
  const zodRoute = route as unknown as FastifyRouteSchemaDef<z.ZodType>;
  if (String(route.httpStatus) !== '200') return serializerCompiler(zodRoute);
  // Compiled on the route's first answer, not at start: most routes are never called by a given run.
  let write: ((data: unknown) => string) | undefined;
  return (data) => {
    if (!write) {
      const { $schema: _, ...schema } = z.toJSONSchema(zodRoute.schema, { io: 'output', target: 'draft-7' });
      write = fastJson(schema as Parameters<typeof fastJson>[0]);
    }
    return write(data);
  };
}
