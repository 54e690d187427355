import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { preparedPerHandle } from '../db/prepared';
import { groupMembers, itemSearchDocuments, items, users } from '../db/schema';
import { sharedColumns, type SharedItemRow } from './item-query';
import { visibleToViewer, type Bound } from './item-visibility';
import type { SearchCursor } from './search-cursor';
import { parseSearch, type SearchTerms } from './search-terms';

/**
 * Item search (issue 19 part 4, docs/decisions/0027-search.md and 0029): the
 * items another person may see that match a typed text, best match first.
 *
 * Matching: every typed word must match the item's search document
 * (item_search_documents, kept by triggers) as a prefix of one of its
 * lexemes under any of the four stemmers or unstemmed ("drills" → drill,
 * "Bohrer" → bohr… → Bohrmaschine, "velo" → Velos), or as a prefix of a
 * variant with two neighbouring letters swapped ("drlil" → drill); or the
 * whole text is similar to a word of the item's name by trigrams
 * ("Bohrmashine"). The document holds the owner's name too (weight C), so
 * typing a friend's name finds their things (unless `ownerNames` is false:
 * see SearchPage).
 *
 * Cost: the text is matched through the GIN index of the search documents
 * together with the access lexemes of the viewer's principals (the items
 * shared with the viewer or one of the viewer's groups). Only those
 * candidates are ranked and sorted (with their `items` row's creation time
 * for the order's ties); the visibility rule then judges them in that order,
 * row by row, until the page is full. So a search costs what the word's matches among the items
 * shared with the viewer cost, never a scan of every item or of the
 * viewer's network. Invisible items never enter the page, its order or its
 * cursor: the rule is in the WHERE clause of the one statement.
 */

/** ts_rank weights for D, C, B, A: the name (A) counts most, then the description (B), then the owner's name (C). */
const RANK_WEIGHTS = "'{0.1, 0.2, 0.4, 1.0}'::real[]";
/** Relevance is scaled to an integer so a page cursor repeats it exactly. */
const RANK_SCALE = 100_000;

/**
 * The typed words' lexemes, each spelling stemmed once (ADR 0027, folded
 * since migration 0026), as rows (word, stem, lexeme): built in SQL from
 * array parameters, so the stemming is PostgreSQL's own and the statement
 * text never changes. A stemmed spelling runs five dictionaries (0.15–0.2 ms);
 * computed here once, the exact and the loose query below share them instead
 * of stemming every word again for each (docs/performance.md, "Accent folding").
 *
 * Kept in PostgreSQL too: items_search_document: item_search_document, item_search_text_vector, item_search_fold (drizzle/0026_search_folds_accents.sql); see docs/database-rules.md.
 */
function typedLexemes(alternatives: BoundAlternatives): SQL {
  const { word, spelling, stem } = alternatives;
  return sql`SELECT typed.word, typed.stem, lexeme
      FROM unnest(${word}::int[], ${spelling}::text[], ${stem}::boolean[]) AS typed(word, spelling, stem)
     CROSS JOIN LATERAL unnest(tsvector_to_array(CASE WHEN typed.stem THEN item_search_text_vector(typed.spelling)
                                                      ELSE to_tsvector('simple'::regconfig, item_search_fold(typed.spelling)) END)) AS lexeme`;
}

/**
 * The search as a tsquery over the `lexemes` CTE (typedLexemes): the typed
 * words ANDed, each an OR of the prefixes of its lexemes; the exact query
 * takes the stemmed spellings only, the loose one the typo variants too.
 * The spellings are letters and digits only (search-terms.ts), so no lexeme
 * holds a quote; it is doubled anyway. `weights` 'AB' keeps the lexemes to
 * the item's own name and description. NULL when no word has a lexeme.
 */
function searchQuery(variants: boolean, weights: '' | 'AB'): SQL {
  const prefix = `''':*${weights}'`;
  return sql`(SELECT string_agg(per_word.alternatives, ' & ')::tsquery FROM (
    SELECT '(' || string_agg(DISTINCT '''' || replace(lexeme, '''', '''''') || ${sql.raw(prefix)}, ' | ') || ')' AS alternatives
      FROM lexemes
     WHERE lexemes.stem OR ${sql.raw(String(variants))}
     GROUP BY lexemes.word) per_word)`;
}

/**
 * "Shared with one of the viewer's principals" as a tsquery over the access
 * lexemes of the search documents (ADR 0029): the viewer (a ticked
 * contact) or any of the viewer's groups.
 *
 * Kept in PostgreSQL too: audience via item_search_audience_refresh; item_search_access_query (drizzle/0016_search_audience.sql); see docs/database-rules.md.
 */
function accessQuery(viewerId: Bound<string>): SQL {
  return sql`item_search_access_query(ARRAY[${viewerId}::uuid] || ARRAY(SELECT member.group_id FROM ${groupMembers} member WHERE member.user_id = ${viewerId}))`;
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

/** The typed words' alternatives: arrays bound whole (`sql.param`, not spread into a list), or placeholders. */
interface BoundAlternatives {
  word: SQL | Placeholder;
  spelling: SQL | Placeholder;
  stem: SQL | Placeholder;
}

interface SearchStatement {
  alternatives: BoundAlternatives;
  /** In the statement's text or not: see below. */
  typoWord: Bound<string> | null;
  where?: SQL;
  after?: { rank: Bound<number>; createdAt: Bound<string>; id: Bound<string> };
  take: Bound<number>;
  weights: '' | 'AB';
}

// Kept in PostgreSQL too: items_search_document: item_search_document, item_search_text_vector, item_search_fold (drizzle/0026_search_folds_accents.sql); see docs/database-rules.md.
function searchPageQuery(db: DbOrTx, viewerId: Bound<string>, page: SearchStatement) {
  const exact = sql`(SELECT exact FROM queries)`;
  const loose = sql`(SELECT loose FROM queries)`;
  // Without a typo word the trigram parts are left out of the statement's
  // text, not passed a NULL: PostgreSQL would fold a NULL away in a custom
  // plan only, find that cheaper than the generic plan of the prepared
  // statement (ADR 0013), and plan every search anew (about 2 ms each).
  // Folded as the stored names are (migration 0026): "Kuchenmaschine" finds "Küchenmaschine".
  const typoWord = page.typoWord === null ? null : sql`item_search_fold(${page.typoWord}::text)`;
  const typoRank = typoWord
    ? sql`+ CASE WHEN ${typoWord} <<% candidate.name THEN 0.5 * strict_word_similarity(${typoWord}, candidate.name) ELSE 0 END`
    : sql``;
  const typoMatch = typoWord
    ? sql`OR (${typoWord} <<% candidate.name AND candidate.document @@ (SELECT query FROM access))`
    : sql``;
  // The words and the viewer's access as one tsquery: the GIN index ANDs
  // them itself (a word matches 1–4 % of all items, the viewer's principals
  // about 3 %), so only documents shared with the viewer or their groups
  // come back. Each is ranked here, from the row the scan has just read.
  const candidates = sql`(
    WITH access AS MATERIALIZED (SELECT ${accessQuery(viewerId)} AS query),
         lexemes AS MATERIALIZED (${typedLexemes(page.alternatives)}),
         queries AS MATERIALIZED (
           SELECT ${searchQuery(false, page.weights)} AS exact, ${searchQuery(true, page.weights)} AS loose)
    SELECT candidate.item_id,
           (${sql.raw(String(RANK_SCALE))} * (
              coalesce(ts_rank(${sql.raw(RANK_WEIGHTS)}, candidate.document, ${exact}), 0)
            + 0.2 * coalesce(ts_rank(${sql.raw(RANK_WEIGHTS)}, candidate.document, ${loose}), 0)
            ${typoRank}))::int AS rank
      FROM ${itemSearchDocuments} candidate
     WHERE candidate.document @@ (${loose} && (SELECT query FROM access)) ${typoMatch}) AS candidate`;
  // The candidates in page order first, from what the search documents and
  // `items_pkey` give; the visibility rule, the owner's row and the filters
  // are judged after the sort, row by row, until the page is full. Judged
  // before it, a common word paid the rule for every one of its matches
  // (docs/performance.md, round 3, third pass). OFFSET 0 keeps PostgreSQL
  // from pulling them back into the subquery.
  const after = page.after
    ? sql`AND (candidate.rank, ranked_item.created_at, ranked_item.id) < (${page.after.rank}::int, ${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`
    : sql``;
  const ranked = sql`(
    SELECT candidate.item_id, candidate.rank, ranked_item.created_at
      FROM ${candidates}
      JOIN ${items} ranked_item ON ranked_item.id = candidate.item_id
     WHERE ranked_item.owner_id <> ${viewerId} ${after}
     ORDER BY candidate.rank DESC, ranked_item.created_at DESC, ranked_item.id DESC
    OFFSET 0) AS ranked`;
  const filter = page.where ? sql`AND ${page.where}` : sql``;
  return db
    .select({ ...sharedColumns(viewerId), searchRank: sql<number>`ranked.rank` })
    .from(ranked)
    .innerJoin(items, sql`${items.id} = ranked.item_id`)
    .innerJoin(users, eq(users.id, items.ownerId))
    .where(sql`${visibleToViewer(viewerId)} ${filter}`)
    .orderBy(sql`ranked.rank DESC`, sql`ranked.created_at DESC`, sql`ranked.item_id DESC`)
    .limit(page.take);
}

/**
 * Available Items' searches without filters, a first page or a next one,
 * with a typo word or without: four statements, each built once
 * (db/prepared.ts). Building the search's SQL cost 0.4 ms per request.
 */
const preparedSearches = (['plain', 'typo'] as const).flatMap((typo) =>
  (['first', 'next'] as const).map((part) => ({
    typo,
    part,
    query: preparedPerHandle((db) =>
      searchPageQuery(db, sql.placeholder('viewerId'), {
        alternatives: {
          word: sql.placeholder('word'),
          spelling: sql.placeholder('spelling'),
          stem: sql.placeholder('stem'),
        },
        typoWord: typo === 'typo' ? sql.placeholder('typoWord') : null,
        after:
          part === 'next'
            ? {
                rank: sql.placeholder('afterRank'),
                createdAt: sql.placeholder('afterCreatedAt'),
                id: sql.placeholder('afterId'),
              }
            : undefined,
        take: sql.placeholder('take'),
        weights: '',
      }).prepare(`search_items_${typo}_${part}`),
    ),
  })),
);

/**
 * One page of the viewer's visible items matching the search, best first
 * (then newest, then by id), in one statement.
 */
export function selectSearchPage(db: DbOrTx, viewerId: string, page: SearchPage): Promise<SearchedItemRow[]> {
  const { terms } = page;
  const ownerNames = page.ownerNames ?? true;
  if (!page.where && ownerNames) {
    const typo = terms.typoWord === null ? 'plain' : 'typo';
    const part = page.after ? 'next' : 'first';
    const prepared = preparedSearches.find((search) => search.typo === typo && search.part === part);
    if (prepared) {
      return prepared.query(db).execute({
        viewerId,
        ...terms.alternatives,
        typoWord: terms.typoWord,
        afterRank: page.after?.rank,
        afterCreatedAt: page.after?.createdAt,
        afterId: page.after?.id,
        take: page.take,
      });
    }
  }
  const { word, spelling, stem } = terms.alternatives;
  return searchPageQuery(db, viewerId, {
    alternatives: {
      word: sql`${sql.param(word)}`,
      spelling: sql`${sql.param(spelling)}`,
      stem: sql`${sql.param(stem)}`,
    },
    typoWord: terms.typoWord,
    where: page.where,
    after: page.after,
    take: page.take,
    weights: ownerNames ? '' : 'AB',
  });
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
