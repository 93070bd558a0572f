import { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_TIME_ZONE, isoInZone } from '@courier/shared/domain/datetime';
import type { Db } from '../db/client';
import { couriers } from '../db/schema/couriers';
import { toCsv } from './csv';

/**
 * Export CSV of any DataTable list: every list endpoint that answers through `listPage`
 * also answers `?format=csv` with every row matching the same search, filters and sort, streamed
 * in batches. The list hands back a `ListExport` (a stream, so Fastify skips the JSON serializer);
 * the `onSend` hook below turns it into CSV with the columns of the route's response schema.
 *
 * Columns: every plain field of a row except internal ids; money (`…Cents`) as a plain amount
 * with the currency in the header ("Amount (JMD)", "Declared Value (USD)"); instants as ISO 8601
 * with the courier's offset; calendar dates as they are (YYYY-MM-DD).
 */

/** Rows read per query while streaming. */
export const CSV_BATCH_SIZE = 500;

export class ListExport<T = unknown> extends Readable {
  constructor(readonly batches: () => AsyncGenerator<T[]>) {
    super();
  }
  override _read(): void {
    // Never read itself: the onSend hook replaces it by the CSV stream.
  }
}

/** Pages through `rows` until a short batch. */
export function exportBatches<T, C extends { limit: number; offset: number }>(clauses: C, rows: (c: C) => Promise<T[]>) {
  return async function* batches(): AsyncGenerator<T[]> {
    for (let offset = 0; ; offset += CSV_BATCH_SIZE) {
      const batch = await rows({ ...clauses, limit: CSV_BATCH_SIZE, offset });
      if (batch.length > 0) yield batch;
      if (batch.length < CSV_BATCH_SIZE) return;
    }
  };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** 1505475 -> "15054.75": a plain amount a spreadsheet reads as a number. */
export function plainAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const UNIT_SUFFIXES: Array<[RegExp, string]> = [
  [/Lb$/, ' (lb)'],
  [/In$/, ' (in)'],
];

function words(camel: string): string {
  const spaced = camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export interface CsvColumn {
  field: string;
  header: string;
  kind: 'money' | 'plain';
}

/** The CSV columns of a row's fields: ids left out, money and units named in the header. */
export function csvColumns(fields: string[]): CsvColumn[] {
  return fields
    .filter((f) => f !== 'id' && !/Id$/.test(f) && f !== 'timeZone')
    .map((field) => {
      if (field.endsWith('Cents')) {
        const base = field.slice(0, -'Cents'.length);
        const usd = /Usd$/.test(base);
        return { field, header: `${words(usd ? base.slice(0, -3) : base)} (${usd ? 'USD' : 'JMD'})`, kind: 'money' as const };
      }
      for (const [pattern, suffix] of UNIT_SUFFIXES) {
        if (pattern.test(field)) return { field, header: `${words(field.replace(pattern, ''))}${suffix}`, kind: 'plain' as const };
      }
      return { field, header: words(field), kind: 'plain' as const };
    });
}

function cell(value: unknown, column: CsvColumn, zone: string): string | number {
  if (value === null || value === undefined) return '';
  if (column.kind === 'money' && typeof value === 'number') return plainAmount(value);
  if (value instanceof Date) return isoInZone(value, zone);
  if (typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return isoInZone(value, zone);
  if (Array.isArray(value)) return value.filter((v) => typeof v !== 'object').join('; ');
  if (typeof value === 'object') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value as string | number;
}

/** The fields of the route's `exportItem`, else of `pageSchema(item)`'s item, when the route declares one. */
function schemaFields(request: FastifyRequest): string[] | undefined {
  const exportItem = request.routeOptions.config.exportItem;
  if (exportItem) return Object.keys(exportItem.shape);
  const response = (request.routeOptions.schema?.response as Record<string, unknown> | undefined)?.[200];
  const shape = (response as { shape?: Record<string, unknown> } | undefined)?.shape;
  const element = (shape?.data as { element?: { shape?: Record<string, unknown> } } | undefined)?.element;
  return element?.shape ? Object.keys(element.shape) : undefined;
}

async function* csvChunks(
  db: Db,
  exported: ListExport,
  fields: string[] | undefined,
  userCourierId: number | null,
): AsyncGenerator<string> {
  const zones = new Map<number, string>();
  const zoneOf = async (courierIds: number[]) => {
    const missing = [...new Set(courierIds)].filter((id) => !zones.has(id));
    if (missing.length === 0) return;
    const rows = await db.select({ id: couriers.id, timeZone: couriers.timeZone }).from(couriers).where(inArray(couriers.id, missing));
    for (const id of missing) zones.set(id, rows.find((r) => r.id === id)?.timeZone ?? DEFAULT_TIME_ZONE);
  };
  let columns = fields ? csvColumns(fields) : undefined;
  let wroteHeader = false;
  for await (const batch of exported.batches()) {
    const rows = batch as Array<Record<string, unknown>>;
    const cols = columns ?? csvColumns(Object.keys(rows[0] ?? {}));
    columns = cols;
    const courierIdOf = (row: Record<string, unknown>) => (typeof row.courierId === 'number' ? row.courierId : userCourierId);
    await zoneOf(rows.map(courierIdOf).filter((id): id is number => id !== null));
    const data = rows.map((row) => {
      const id = courierIdOf(row);
      const zone = id === null ? DEFAULT_TIME_ZONE : (zones.get(id) ?? DEFAULT_TIME_ZONE);
      return cols.map((c) => cell(row[c.field], c, zone));
    });
    yield await toCsv(
      cols.map((c) => c.header),
      data,
      { header: !wroteHeader },
    );
    wroteHeader = true;
  }
  if (!wroteHeader && columns)
    yield await toCsv(
      columns.map((c) => c.header),
      [],
    );
}

/** "packages-2026-01-31.csv" from "/api/packages". */
function fileName(request: FastifyRequest): string {
  const path = (request.routeOptions.url ?? 'list')
    .replace(/^\/api\//, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '');
  return `${path || 'list'}-${new Date().toISOString().slice(0, 10)}.csv`;
}

/** Turns a list's `ListExport` into the CSV answer (see the top of this file). */
export function registerListCsv(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!(payload instanceof ListExport)) return payload;
    payload.destroy();
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${fileName(request)}"`);
    reply.header('cache-control', 'no-store');
    reply.removeHeader('content-length');
    return Readable.from(csvChunks(db, payload, schemaFields(request), request.user?.courierId ?? null));
  });
}
