import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { Condition } from './listing.repository.ts';

/**
 * Full-text search over products.search_text (name, tags, category, plain
 * description), the one place the SQL differs by dialect: FTS5 on SQLite,
 * a tsvector with a GIN index on PostgreSQL. Both index active products only
 * (see the first migration), so a search reads the text index alone: the
 * count from it (up to SEARCH_RESULTS_LIMIT), and a page in its own order,
 * most recently added first (findSearchMatches).
 */
type Db = Kysely<Database>;

/** What a plain search answers: its matches counted up to a limit, and one page of their ids. */
export interface SearchMatches {
  total: number;
  ids: number[];
}

/**
 * The matches counted up to `countLimit` (a common word is not counted through
 * the whole catalogue) and the ids of one page, most recently added first.
 *
 * SQLite: one query reads the newest `countLimit` matches, and the page is cut
 * from them. FTS5 merges a prefix term's whole doclist for every query that
 * names it ("shirt"* is shirt, shirts, shirtdress...), so one query instead of
 * a count and a page halves the work of a common word.
 *
 * PostgreSQL: a count (a bitmap of the GIN index, stopping at the limit) and a
 * page (the primary key walked backwards, the text test on each row: a common
 * word finds its twelve in a few hundred rows), sent together on two pooled
 * connections. One query for both would have to order every match by id.
 */
export async function findSearchMatches(
  db: Db,
  dialect: Dialect,
  words: readonly string[],
  page: { offset: number; limit: number },
  countLimit: number,
): Promise<SearchMatches> {
  if (dialect === 'postgres') {
    const match = tsQuery(words);
    const [counted, paged] = await Promise.all([
      sql<{ total: string | number }>`select count(*) as total from (select 1 from products
          where status = 'active' and search_vector @@ to_tsquery('english', ${match}) limit ${countLimit}) as m`.execute(db),
      page.offset < countLimit
        ? sql<{ id: number }>`select id from products
            where status = 'active' and search_vector @@ to_tsquery('english', ${match})
            order by id desc limit ${Math.min(page.limit, countLimit - page.offset)} offset ${page.offset}`.execute(db)
        : Promise.resolve({ rows: [] }),
    ]);
    return { total: Number(counted.rows[0]?.total ?? 0), ids: paged.rows.map((r) => Number(r.id)) };
  }
  const { rows } = await sql<{ id: number }>`select rowid as id from products_fts where products_fts match ${ftsQuery(words)}
      order by rowid desc limit ${countLimit}`.execute(db);
  return { total: rows.length, ids: rows.slice(page.offset, page.offset + page.limit).map((r) => Number(r.id)) };
}

/**
 * "The product matches every word", as a condition on a listing query (a
 * search with filters or a sort other than newest): the text index's matches
 * as an id set on SQLite, the partial GIN index on PostgreSQL. The match
 * string is built from the word tokens only, and bound as a parameter.
 */
export function textMatchCondition(dialect: Dialect, words: readonly string[]): Condition {
  return dialect === 'postgres'
    ? () => sql<SqlBool>`${sql.ref('products.search_vector')} @@ to_tsquery('english', ${tsQuery(words)})`
    : () =>
        sql<SqlBool>`${sql.ref('products.id')} in (select rowid from products_fts where products_fts match ${ftsQuery(words)})`;
}

/**
 * PostgreSQL's English stop words (to_tsquery drops them); dropped on both
 * databases so "shirt for men" means the same everywhere instead of SQLite
 * requiring a word starting with "for".
 */
const STOP_WORDS = new Set(
  ('i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is are ' +
    'was were be been being have has had having do does did doing a an the and but if or because as until while ' +
    'of at by for with about against between into through during before after above below to from up down in out ' +
    'on off over under again further then once here there when where why how all any both each few more most ' +
    "other some such no nor not only own same so than too very s t can will just don should now").split(' '),
);

/**
 * Word tokens of a search text, the only part of it that reaches a query:
 * letters/digits runs, lower-cased, possessive "'s" dropped ("Men's" -> men),
 * stop words dropped, single letters dropped when a longer word is present
 * ("T-Shirts" -> shirts), at most 8 words of at most 40 characters. May be
 * empty (a text of stop words only), which matches nothing.
 */
export function searchWords(text: string): string[] {
  const normalised = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\p{L})['’]s(?![\p{L}\p{N}])/gu, '$1');
  const tokens = normalised.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  const words = [...new Set(tokens.filter((w) => !STOP_WORDS.has(w)).map((w) => w.slice(0, 40)))];
  const longer = words.filter((w) => [...w].length > 1);
  return (longer.length ? longer : words).slice(0, 8);
}

/** FTS5: `"men"* "watch"*` (implicit AND of prefix terms). Words hold no quotes by construction. */
export function ftsQuery(words: readonly string[]): string {
  return words.map((w) => `"${w}"*`).join(' ');
}

/** PostgreSQL: `men:* & watch:*` for to_tsquery('english', ...), which stems and drops stop words. */
export function tsQuery(words: readonly string[]): string {
  return words.map((w) => `${w}:*`).join(' & ');
}

