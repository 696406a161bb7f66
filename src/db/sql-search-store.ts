import { sql } from 'kysely';
import { ARTICLE_COLUMNS, toArticle } from './article-rows.js';
import { publicAt } from './article-workflow.js';
import { countPublic } from './public-total.js';
import type { Article, Page } from './repository.js';
import type { SearchQuery, SearchStore } from './search-store.js';
import type { SearchFields } from './sql-dialect.js';
import { SqlStore } from './sql-store.js';

/** The search's relevance groups, each holding the one before it: title, title and description, everything. */
const SEARCH_LEVELS: SearchFields[] = ['titulo', 'titulo_descricao', 'tudo'];
/** What reading a match's row costs, in entries of the index of public articles walked. */
const GATHER_COST = 10;

export class SqlSearchStore extends SqlStore implements SearchStore {
  /**
   * Relevance is a group, the same on both databases: every term in the title, else in the title and
   * description, else anywhere (the body too); newest first within a group. Each group is counted in
   * the search index alone, less its matches that are not public (few, found by their own index), and
   * only the groups the page reaches are read: a group cheaper to walk than to gather (a common word) is
   * found walking the public articles newest first, testing each in the index, which meets a page of
   * matches soon; a smaller one is gathered from the index and sorted. Sorting every match of a common
   * word read each one's row, past its body (616 ms on SQLite, 1.5 s on PostgreSQL at 100,000 articles).
   */
  async search(query: SearchQuery): Promise<Page<Article>> {
    const now = new Date().toISOString();
    const { terms } = query;
    const hidden = await this.hiddenMatches(terms, now);
    // Each level is counted when first needed. The title's count places the page in or past the first
    // group and the total (everything) is always shown: both at once. The title and description only for
    // a page past the first group (a common word's first pages are all in it).
    const last = SEARCH_LEVELS.length - 1;
    const inIndex: Array<number | undefined> = [];
    [inIndex[0], inIndex[last]] = await Promise.all([0, last].map((level) => this.dialect.countMatches(terms, SEARCH_LEVELS[level]!)));
    const publicUpTo = async (level: number) => {
      inIndex[level] ??= await this.dialect.countMatches(terms, SEARCH_LEVELS[level]!);
      return inIndex[level] - hidden[level]!;
    };
    const total = await publicUpTo(last);
    const ids: number[] = [];
    let publicArticles: number | undefined;
    let skip = (query.pageIndex - 1) * query.pageSize;
    let before = 0;
    for (const [level, fields] of SEARCH_LEVELS.entries()) {
      const wanted = query.pageSize - ids.length;
      if (wanted === 0) break;
      const upTo = await publicUpTo(level);
      const group = { fields, except: SEARCH_LEVELS[level - 1], count: upTo - before };
      before = upTo;
      if (skip >= group.count) {
        skip -= group.count;
        continue;
      }
      const take = Math.min(wanted, group.count - skip);
      // Walking meets one of the group's matches in every (public articles / count) and reads only the
      // index of public articles; gathering reads the row of every match, past its body.
      publicArticles ??= await countPublic(this.db, now);
      const walked = ((skip + take) * publicArticles) / group.count;
      const walk = walked < group.count * GATHER_COST;
      const inGroup = this.db
        .selectFrom('artigos')
        .where(publicAt(now))
        .where(
          walk
            ? this.dialect.rowMatches(terms, group.fields, group.except, { rows: walked, matches: inIndex[level]! })
            : this.dialect.searchMatch(terms, group.fields, group.except),
        );
      const page = walk
        ? inGroup.select('id').orderBy('data_publicacao', 'desc').orderBy('id', 'desc').limit(take).offset(skip)
        : this.db
            .with((cte) => cte('achados').materialized(), () => inGroup.select(['id', 'data_publicacao']))
            .selectFrom('achados')
            .select('id')
            .orderBy('data_publicacao', 'desc')
            .orderBy('id', 'desc')
            .limit(take)
            .offset(skip);
      ids.push(...(await page.execute()).map((row) => row.id));
      skip = 0;
    }
    if (ids.length === 0) return { items: [], total };
    const rows = await this.db.selectFrom('artigos').select(ARTICLE_COLUMNS).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, toArticle(row)]));
    return { items: ids.flatMap((id) => byId.get(id) ?? []), total };
  }

  /** Matches of the search at each level (SEARCH_LEVELS) among the articles not public at `now`. */
  private async hiddenMatches(terms: string[], now: string): Promise<number[]> {
    const row = await this.db
      .selectFrom('artigos')
      // The very condition of the partial index of migration 22: the planner uses it only when it sees it.
      .where('status', '<>', 'publicado')
      .where((eb) => eb.not(publicAt(now)(eb)))
      .select(SEARCH_LEVELS.map((fields, level) => sql<number | null>`sum(CASE WHEN ${this.dialect.rowMatches(terms, fields)} THEN 1 ELSE 0 END)`.as(`nivel${level}`)))
      .executeTakeFirstOrThrow();
    return SEARCH_LEVELS.map((_fields, level) => Number((row as Record<string, number | string | null>)[`nivel${level}`] ?? 0));
  }

  async compactSearchIndex(): Promise<void> {
    await this.dialect.compactSearchIndex();
  }
}
