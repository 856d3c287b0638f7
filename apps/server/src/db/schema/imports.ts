import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './tenancy';

/**
 * The column mapping a company last imported a file with (features/import): per kind and set
 * of the file's column names (`headers_key`, a hash: import.mapping.ts headersKey), so the next file of
 * the same layout (the same system's export) previews with it. Written by an apply whose mapping differs
 * from the detected one (and removed by one that goes back to it), audited as `import.mapping`.
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').notNull(),
    headersKey: text('headers_key').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string[]>>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.headersKey] })],
);
