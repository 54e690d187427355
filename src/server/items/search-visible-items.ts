import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contacts, groupMembers, itemSearchDocuments, items, users } from '../db/schema';
import { sharedColumns, type SharedItemRow } from './item-query';
import { visibleToViewer } from './item-visibility';
import type { SearchCursor } from './search-cursor';
import { parseSearch, type SearchTerms } from './search-terms';

/**
 * Item search (issue 19 part 4, docs/decisions/0027-search.md): the items
 * another person may see that match a typed text, best match first.
 *
 * Matching: every typed word must match the item's search document
 * (item_search_documents, kept by a trigger) as a prefix of one of its
 * lexemes under any of the four stemmers or unstemmed ("drills" → drill,
 * "Bohrer" → bohr… → Bohrmaschine, "velo" → Velos), or as a prefix of a
 * variant with two neighbouring letters swapped ("drlil" → drill); or the
 * whole text is similar to a word of the item's name by trigrams
 * ("Bohrmashine"); or the owner's name contains the text, as before
 * (unless `ownerNames` is false: see SearchPage).
 *
 * Cost: the text is matched first, through the GIN indexes of the search
 * documents, and only matches whose owner reaches the viewer at all (the
 * viewer is in the owner's address book, or they share a group) are read
 * from `items` and judged by the visibility rule, row by row. So a search
 * costs what the word's matches among the viewer's network cost, never a
 * scan of every item or of everything shared with the viewer. Invisible
 * items never enter the page, its order or its cursor: the rule is in the
 * WHERE clause of the one statement.
 */

/** ts_rank weights for D, C, B, A: the name (A) counts most, the description (B) less. */
const RANK_WEIGHTS = "'{0.1, 0.2, 0.4, 1.0}'::real[]";
/** Relevance is scaled to an integer so a page cursor repeats it exactly. */
const RANK_SCALE = 100_000;

/**
 * The search as a tsquery: the typed words ANDed, each an OR of the
 * prefixes of its lexemes. Built in SQL from array parameters (so the
 * stemming is PostgreSQL's own, and the statement text never changes). The
 * spellings are letters and digits only (search-terms.ts), so no lexeme
 * holds a quote; it is doubled anyway. NULL when no word has a lexeme.
 */
function searchQuery(terms: SearchTerms, variants: boolean): SQL {
  const { word, spelling, stem } = terms.alternatives;
  return sql`(SELECT string_agg(per_word.alternatives, ' & ')::tsquery FROM (
    SELECT '(' || string_agg(DISTINCT '''' || replace(lexeme, '''', '''''') || ''':*', ' | ') || ')' AS alternatives
      FROM unnest(${sql.param(word)}::int[], ${sql.param(spelling)}::text[], ${sql.param(stem)}::boolean[])
           AS typed(word, spelling, stem)
     CROSS JOIN LATERAL unnest(tsvector_to_array(CASE WHEN typed.stem THEN item_search_text_vector(typed.spelling)
                                                      ELSE to_tsvector('simple'::regconfig, typed.spelling) END)) AS lexeme
     WHERE typed.stem OR ${sql.raw(String(variants))}
     GROUP BY typed.word) per_word)`;
}

/**
 * The people whose items the viewer could see at all: those who have the
 * viewer in their address book, and the viewer's fellow group members. A
 * superset (the share itself is judged later); it only keeps most matches
 * away from the costlier per-item rule.
 */
function ownersReaching(viewerId: string): SQL {
  return sql`(
    SELECT c.user_id FROM ${contacts} c WHERE c.contact_user_id = ${viewerId}
    UNION
    SELECT owner.user_id
      FROM ${groupMembers} viewer
      JOIN ${groupMembers} owner ON owner.group_id = viewer.group_id AND owner.user_id <> ${viewerId}
     WHERE viewer.user_id = ${viewerId})`;
}

export interface SearchPage {
  terms: SearchTerms;
  /** Filters on `items` and its owner `users` (category, status). */
  where?: SQL;
  /** Only items after this one in best-first order (the page cursor). */
  after?: SearchCursor;
  take: number;
  /**
   * Whether the owner's name matches too (default true). Available Items
   * keeps it: typing a friend's name finds their things. "You may have this"
   * leaves it out: a request for "mat" must not tell Matt that any of his
   * things is what was asked for.
   */
  ownerNames?: boolean;
}

export type SearchedItemRow = SharedItemRow & { searchRank: number };

/**
 * One page of the viewer's visible items matching the search, best first
 * (then newest, then by id), in one statement.
 */
export function selectSearchPage(db: DbOrTx, viewerId: string, page: SearchPage): Promise<SearchedItemRow[]> {
  const { terms } = page;
  const exact = searchQuery(terms, false);
  const loose = searchQuery(terms, true);
  const reach = ownersReaching(viewerId);
  const document = itemSearchDocuments.document;
  const typoWord = sql`${terms.typoWord}::text`;
  const ownerNames = page.ownerNames ?? true;
  const ownerBonus = ownerNames
    ? sql`+ CASE WHEN ${users.name} ILIKE ${terms.ownerPattern} THEN 0.25 ELSE 0 END`
    : sql``;
  const relevance = sql<number>`(${sql.raw(String(RANK_SCALE))} * (
      coalesce(ts_rank(${sql.raw(RANK_WEIGHTS)}, ${document}, ${exact}), 0)
    + 0.2 * coalesce(ts_rank(${sql.raw(RANK_WEIGHTS)}, ${document}, ${loose}), 0)
    + CASE WHEN ${typoWord} <<% ${itemSearchDocuments.name} THEN 0.5 * strict_word_similarity(${typoWord}, ${itemSearchDocuments.name}) ELSE 0 END
    ${ownerBonus}))::int`;
  const byOwnerName = ownerNames
    ? sql`UNION
    SELECT owned.id
      FROM ${items} owned
     WHERE owned.owner_id IN (SELECT named.id FROM ${users} named
                               WHERE named.id = ANY ((SELECT owners FROM reach)::uuid[])
                                 AND named.name ILIKE ${terms.ownerPattern})`
    : sql``;
  // The owners as one array, computed once: `= ANY` lets PostgreSQL AND the
  // matches' bitmap with the owner index's, so only documents of these owners
  // are read, and probe owner names through the primary key.
  const candidates = sql`(
    WITH reach AS MATERIALIZED (SELECT ARRAY${reach} AS owners)
    SELECT candidate.item_id
      FROM ${itemSearchDocuments} candidate
     WHERE (candidate.document @@ ${loose} OR ${typoWord} <<% candidate.name)
       AND candidate.owner_id = ANY ((SELECT owners FROM reach)::uuid[])
    ${byOwnerName})`;
  const after = page.after
    ? sql`AND (${relevance}, ${items.createdAt}, ${items.id}) < (${page.after.rank}::int, ${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`
    : sql``;
  const filter = page.where ? sql`AND ${page.where}` : sql``;
  return db
    .select({ ...sharedColumns(viewerId), searchRank: relevance.as('search_rank') })
    .from(items)
    .innerJoin(users, eq(users.id, items.ownerId))
    .innerJoin(itemSearchDocuments, eq(itemSearchDocuments.itemId, items.id))
    .where(
      sql`${items.id} IN ${candidates} AND ${items.ownerId} <> ${viewerId} AND ${visibleToViewer(viewerId)} ${filter} ${after}`,
    )
    .orderBy(sql`search_rank DESC`, desc(items.createdAt), desc(items.id))
    .limit(page.take);
}

export interface SearchVisibleItemsOptions {
  limit: number;
  /** Filters on `items` and its owner `users`, applied before `limit` (see SearchPage). */
  where?: SQL;
  /** See SearchPage: false leaves out matches by the owner's name. */
  ownerNames?: boolean;
}

/**
 * The best `limit` items visible to the viewer that match `text`: the same
 * search as Available Items, for "looking for" (issue 19 part 3), which
 * shows what the requester could ask for directly. Empty when the text has
 * no word to search by.
 */
export async function searchVisibleItems(
  db: DbOrTx,
  viewerId: string,
  text: string,
  { limit, where, ownerNames }: SearchVisibleItemsOptions,
): Promise<SearchedItemRow[]> {
  const terms = parseSearch(text);
  if (!terms) return [];
  return selectSearchPage(db, viewerId, { terms, where, take: limit, ownerNames });
}
