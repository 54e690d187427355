import { customType, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { items } from './items';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What item search reads (src/server/items/search-visible-items.ts,
 * docs/decisions/0027-search.md): one row per item, written only by the
 * trigger `items_search_document` (drizzle/0013_search.sql) whenever an
 * item's name or description changes, and removed with the item.
 *
 * A table of its own rather than columns on `items`: every item read selects
 * whole `items` rows (lists, exports, lending), and none of them should carry
 * a tsvector. `owner_id` is a copy so a search can keep only the matches of
 * owners who reach the viewer before it reads a single item row.
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
     * Name (weight A) and description (weight B), each as the lexemes of the
     * `simple` configuration and of the english, german, french and italian
     * stemmers: an item does not record its language.
     */
    document: tsvector('document').notNull(),
  },
  (t) => [
    index('item_search_documents_document_idx').using('gin', t.document),
    index('item_search_documents_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // With the matches' bitmap, a search reads only documents of owners who reach the viewer (BitmapAnd).
    index('item_search_documents_owner_idx').on(t.ownerId),
  ],
);
