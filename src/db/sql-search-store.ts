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
   * the search index, less its matches among the articles not public (each match tested in their set),
   * and only the groups the page reaches are read: a group cheaper to walk than to gather (a common word)
   * is found walking the public articles newest first, testing each in the index, which meets a page of
   * matches soon; a smaller one is gathered from the index and sorted. Sorting every match of a common
   * word read each one's row, past its body (616 ms on SQLite, 1.5 s on PostgreSQL at 100,000 articles);
   * seeking each article not public in the index, for each group, 104 ms with 5,000 drafts.
   */
  async search(query: SearchQuery): Promise<Page<Article>> {
    const now = new Date().toISOString();
    const { terms } = query;
    const notPublic = this.db
      .selectFrom('artigos')
      .select('id')
      // The very condition of the partial index of migration 22: the planner uses it only when it sees it.
      .where('status', '<>', 'publicado')
      .where((eb) => eb.not(publicAt(now)(eb)));
    const last = SEARCH_LEVELS.length - 1;
    const matchesAt: Array<number | undefined> = [];
    const hiddenAt: Array<number | undefined> = [];
    const count = async (level: number, hidden: boolean) => {
      const counted = await this.dialect.countMatches(terms, SEARCH_LEVELS[level]!, hidden ? notPublic : undefined);
      matchesAt[level] = counted.matches;
      if (hidden) hiddenAt[level] = counted.among;
    };
    // The title's count places the page in or past the first group and the total (everything, less what
    // is not public) is always shown: both at once. The title and description only for a page past the
    // first group, and a group's matches not public only when the page's place in it depends on them.
    await Promise.all([count(0, false), count(last, true)]);
    const hiddenMatches = hiddenAt[last]!;
    const matchesUpTo = async (level: number) => {
      if (matchesAt[level] === undefined) await count(level, false);
      return matchesAt[level]!;
    };
    const publicUpTo = async (level: number) => {
      if (hiddenMatches > 0 && hiddenAt[level] === undefined) await count(level, true);
      return (await matchesUpTo(level)) - (hiddenAt[level] ?? 0);
    };
    const total = await publicUpTo(last);
    const ids: number[] = [];
    let publicArticles: number | undefined;
    let skip = (query.pageIndex - 1) * query.pageSize;
    let before = 0;
    for (const [level, fields] of SEARCH_LEVELS.entries()) {
      const wanted = query.pageSize - ids.length;
      if (wanted === 0) break;
      // Were every match not public in this group, it would still hold the page: a common word's first
      // pages, whose group is then not counted exactly (the walk needs only its size's order).
      const matches = await matchesUpTo(level);
      const holdsThePage = level < last && before + skip + wanted <= matches - Math.min(hiddenMatches, matches);
      const upTo = holdsThePage ? matches : await publicUpTo(level);
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
            ? this.dialect.rowMatches(terms, group.fields, group.except, { rows: walked, matches: matchesAt[level]! })
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

  async compactSearchIndex(): Promise<void> {
    await this.dialect.compactSearchIndex();
  }
}
