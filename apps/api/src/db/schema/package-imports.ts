import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImportMapping } from '@courier/shared/domain/package-import';
import type { ImportCounts, ImportRowResult } from '@courier/shared/schemas/package-imports';
import { couriers } from './couriers';
import { users } from './users';

/** One record of a warehouse file: the row number a person sees in the sheet, cells by header. */
export interface StoredImportRow {
  row: number;
  cells: string[];
}

/**
 * A warehouse agent's file of received parcels: uploaded (or picked up), previewed with a column
 * mapping, then imported in batches. Its rows stay until the import ends; the per-row report stays.
 */
export const packageImports = pgTable(
  'package_imports',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    /** upload: an admin's file; pickup: read from the agent's folder on a schedule. */
    source: text({ enum: ['upload', 'pickup'] })
      .notNull()
      .default('upload'),
    fileName: text().notNull(),
    fileSha256: text().notNull(),
    headers: jsonb().$type<string[]>().notNull(),
    rows: jsonb().$type<StoredImportRow[]>(),
    mapping: jsonb().$type<ImportMapping>(),
    status: text({ enum: ['uploaded', 'importing', 'done', 'failed'] })
      .notNull()
      .default('uploaded'),
    totalRows: integer().notNull(),
    processedRows: integer().notNull().default(0),
    counts: jsonb().$type<ImportCounts>(),
    report: jsonb().$type<ImportRowResult[]>(),
    error: text(),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.courierId, t.createdAt)],
);

/** The column mapping a courier chose last: the next file from its agent opens with it. */
export const importMappings = pgTable('import_mappings', {
  courierId: integer()
    .primaryKey()
    .references(() => couriers.id),
  mapping: jsonb().$type<ImportMapping>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The agent's folder a courier names (an HTTPS listing), read on a schedule; each new file is imported. */
export const importSources = pgTable('import_sources', {
  courierId: integer()
    .primaryKey()
    .references(() => couriers.id),
  /** https://… (a JSON listing) or sftp://user@host:port/folder. */
  url: text().notNull(),
  /** SFTP only: the password or private key, sealed with the platform's SecretBox. */
  secretKind: text({ enum: ['password', 'private_key'] }),
  secretSealed: text(),
  /** SFTP only: the server's host key as OpenSSH prints it (SHA256:…); any other key is refused. */
  hostKeyFingerprint: text(),
  active: boolean().notNull().default(true),
  lastCheckedAt: timestamp({ withTimezone: true }),
  lastError: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Files taken from the agent's folder, by name: imported once, or again once fixed when rows were refused. */
export const importSourceFiles = pgTable(
  'import_source_files',
  {
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    name: text().notNull(),
    importId: integer().references(() => packageImports.id),
    error: text(),
    /** The content last taken: a file fixed under the same name is taken again. */
    sha256: text(),
    /** Rows were refused or the file failed: the next read takes it again once its content changes. */
    needsFix: boolean().notNull().default(false),
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courierId, t.name] })],
);
