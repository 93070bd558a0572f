import { ID_OUT_OF_RANGE, MAX_ID } from '@courier/shared/schemas/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../helper';
import type { JsonSchema } from './arbitraries';
import { loadOpenApi, openApiOf } from './routes';

/**
 * Every id a caller can send (path, query or JSON body: a field named `id`, `…Id` or `…Ids`) is
 * bounded by MAX_ID, PostgreSQL's int4: a larger number names no record, and must be refused by
 * validation with a message instead of reaching a query that fails on it. Read from the OpenAPI
 * document the zod schemas generate, so a new route or field without the bound fails here.
 */

interface Parameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
interface OpenApi {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; parameters?: Parameter[] }>>;
}

const ID_NAME = /^(id|\w+Id|\w+Ids)$/;

/** Paths (like `body.customerId`) of the numeric id fields of a schema whose maximum is missing or above MAX_ID. */
function unboundedIds(schema: JsonSchema | undefined, at: string, named = ''): string[] {
  if (!schema) return [];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) => unboundedIds(s, at, named));
  const types = [schema.type ?? []].flat();
  const numeric = types.includes('integer') || types.includes('number');
  const own = numeric && ID_NAME.test(named) && !(schema.maximum !== undefined && schema.maximum <= MAX_ID) ? [at] : [];
  const fields = Object.entries(schema.properties ?? {}).flatMap(([key, value]) => unboundedIds(value, `${at}.${key}`, key));
  const items = schema.items ? unboundedIds(schema.items, `${at}[]`, named) : [];
  return [...own, ...nested, ...fields, ...items];
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await loadOpenApi(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('ids a caller sends', () => {
  it('are bounded by MAX_ID on every route, in the path, the query and the body', () => {
    const doc = openApiOf(t.app) as unknown as OpenApi;
    const found: string[] = [];
    let idFields = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const p of op.parameters ?? []) {
          if (ID_NAME.test(p.name)) idFields++;
          found.push(...unboundedIds(p.schema, `${where} ${p.in}.${p.name}`, p.name));
        }
        const body = op.requestBody?.content?.['application/json']?.schema;
        idFields += JSON.stringify(body ?? {}).match(/"(id|\w+Ids?)":\{/g)?.length ?? 0;
        found.push(...unboundedIds(body, `${where} body`));
      }
    }
    // The walk must have seen the ids it checks (a schema shape it cannot read would pass silently).
    expect(idFields).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it('refuses an id past int4 at validation, with the field named, before any query', async () => {
    const answer = await t.api('GET', `/branches/public/${MAX_ID + 1}`);
    expect(answer.statusCode).toBe(400);
    const body = answer.json<{ message: string; fieldErrors?: Record<string, string[]> }>();
    expect(body.message).toBe(ID_OUT_OF_RANGE);
    expect(body.fieldErrors).toEqual({ courierId: [ID_OUT_OF_RANGE] });
    const fine = await t.api('GET', `/branches/public/${MAX_ID}`);
    expect(fine.statusCode).not.toBe(400);
  });
});
