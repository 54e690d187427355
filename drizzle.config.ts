import { defineConfig } from 'drizzle-kit';

// Only `db:generate` uses this file: it diffs the schema against the committed
// migrations and needs no database connection.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './drizzle',
  strict: true,
});
