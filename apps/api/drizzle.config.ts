import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema files and checked in; both the embedded and the server
// database apply the same SQL at start-up (docs/decisions/001-embedded-postgresql.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema/index.ts',
  out: './apps/api/src/db/migrations',
  casing: 'snake_case',
});
