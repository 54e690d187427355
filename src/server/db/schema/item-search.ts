import { sql } from 'drizzle-orm';
import { customType, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { items } from './items';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What item search reads (src/server/items/search-visible-items.ts,
 * docs/decisions/0027-search.md): one row per item, written only by the
 * triggers of drizzle/0013_search.sql and drizzle/0016_search_audience.sql
 * whenever an item's name, description, owner, owner's name or shares
 * change, and removed with the item.
 *
 * A table of its own rather than columns on `items`: every item read selects
 * whole `items` rows (lists, exports, lending), and none of them should carry
 * a tsvector or an array of ids.
 *
 * Kept in PostgreSQL too: items_search_document: item_search_document, item_search_text_vector, item_search_fold (drizzle/0026_search_folds_accents.sql); see docs/database-rules.md.
 * Kept in PostgreSQL too: audience via item_search_audience_refresh; item_search_access_query (drizzle/0016_search_audience.sql); see docs/database-rules.md.
 * Kept in PostgreSQL too: users_search_owner_name: item_search_owner_renamed (drizzle/0016_search_audience.sql); see docs/database-rules.md.
 */
export const itemSearchDocuments = pgTable(
  'item_search_documents',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull(),
    /** The item's name, for typo-tolerant trigram matching and for ranking. */
    name: text('name').notNull(),
    /**
     * The item's words: name (weight A) and description (weight B), each as
     * the lexemes of the `simple` configuration and of the english, german,
     * french and italian stemmers (an item does not record its language),
     * and the owner's name (weight C, `simple` only). Then one access lexeme
     * per entry of `audience` ("@" and the id's hex digits, which no typed
     * word can produce), so one tsquery asks "these words AND shared with
     * one of the viewer's principals" of one GIN index (ADR 0029).
     */
    document: tsvector('document').notNull(),
    /**
     * Whom the owner shared the item with: the ids of the ticked contacts
     * and of the groups (can_view). A superset of who may see it (the
     * contact must still be in the address book, both still members, no
     * block: `visibleToViewer` judges that); the source of the access
     * lexemes.
     */
    audience: uuid('audience')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [
    index('item_search_documents_document_idx').using('gin', t.document),
    index('item_search_documents_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);
