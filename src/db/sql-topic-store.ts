import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import { slugify } from '../lib/slug.js';
import { CompiledShapes } from './compiled-shapes.js';
import { type RepositoryEvent } from './repository.js';
import { TopicNameTakenError, type Topic, type TopicStore } from './topic-store.js';
import type { SqlDialect } from './sql-dialect.js';
import type { Schema } from './schema.js';

/** Readers' order of topic names: "Ética" beside "Estética", not after "Zika". */
const byName = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** The rule of publicAt (article-workflow.ts) on the state each topic link carries (migration 18). */
export function linkPublicAt(now: string) {
  return (eb: ExpressionBuilder<Schema, 'artigo_temas'>) =>
    eb.or([eb('artigo_temas.status', '=', 'publicado'), eb.and([eb('artigo_temas.status', '=', 'agendado'), eb('artigo_temas.publicar_em', '<=', now)])]);
}

/**
 * A topic's public articles: those published, counted by triggers, and the scheduled ones already due,
 * which the partial index finds among a few.
 */
export function publicCount(now: string) {
  return (eb: ExpressionBuilder<Schema, 'temas'>) =>
    sql<number>`${eb.ref('temas.publicados')} + (${eb
      .selectFrom('artigo_temas')
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .whereRef('artigo_temas.id_tema', '=', 'temas.id')
      .where('artigo_temas.status', '=', 'agendado')
      .where('artigo_temas.publicar_em', '<=', now)})`;
}

/** The topic a slug names today, the one it named before a rename, or none. */
async function topicAt(db: Transaction<Schema> | SqlDialect['db'], slug: string): Promise<{ id: number } | undefined> {
  return (
    (await db.selectFrom('temas').select('id').where('slug', '=', slug).executeTakeFirst()) ??
    (await db.selectFrom('temas_slugs_antigos').select('id_tema as id').where('slug', '=', slug).executeTakeFirst())
  );
}

/**
 * The topics of these articles, each in the editor's order; inside a transaction, as it sees them.
 * With `shapes` (the pages' reads) the query is compiled once per number of articles: building it
 * cost a tenth of an uncached article page.
 */
export async function topicsOf(db: Transaction<Schema> | SqlDialect['db'], ids: number[], shapes?: CompiledShapes): Promise<Map<number, Topic[]>> {
  const topics = new Map<number, Topic[]>();
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return topics;
  const build = (articleIds: number[]) =>
    db
      .selectFrom('artigo_temas')
      .innerJoin('temas', 'temas.id', 'artigo_temas.id_tema')
      .select(['artigo_temas.id_artigo', 'temas.id', 'temas.nome', 'temas.slug'])
      .where('artigo_temas.id_artigo', 'in', articleIds)
      .orderBy('artigo_temas.id_artigo')
      .orderBy('artigo_temas.posicao');
  const { rows } = await db.executeQuery(shapes ? shapes.of(`topicsOf:${distinct.length}`, distinct, build) : build(distinct).compile());
  for (const { id_artigo, ...topic } of rows) topics.set(id_artigo, [...(topics.get(id_artigo) ?? []), topic]);
  return topics;
}

export const topicNames = (topics: Map<number, Topic[]>, id: number): string[] => (topics.get(id) ?? []).map((topic) => topic.nome);

/** What each link to a topic copies of its article (migration 18): its state and dates. */
type LinkedArticle = { id: number; status: Schema['artigos']['status']; publicar_em: string | null; data_publicacao: string };

/** The rows linking an article to these topics, in this order. */
const linksOf = (article: LinkedArticle, topicIds: number[]) =>
  topicIds.map((id_tema, posicao) => ({
    id_artigo: article.id,
    id_tema,
    posicao,
    status: article.status,
    publicar_em: article.publicar_em,
    data_publicacao: article.data_publicacao,
  }));

/** The topics these names name, in their order and each once, created when no topic has the slug of a name. */
async function topicIds(trx: Transaction<Schema>, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const nome of names) {
    const slug = slugify(nome);
    let topic = await topicAt(trx, slug);
    if (!topic) {
      await trx.insertInto('temas').values({ nome, slug }).onConflict((conflict) => conflict.column('slug').doNothing()).execute();
      topic = await trx.selectFrom('temas').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    }
    if (!ids.includes(topic.id)) ids.push(topic.id);
  }
  return ids;
}

/**
 * Gives the article these topics, in this order, inside the transaction that saves it: names whose
 * slug is a topic's (or was, before a rename) reuse it, others create one. The links copy the article's
 * state and dates; the trigger of migration 18 keeps them in step afterwards. True when they changed.
 */
export async function assignTopics(
  trx: Transaction<Schema>,
  article: LinkedArticle,
  names: string[],
): Promise<boolean> {
  const ids = await topicIds(trx, names);
  const current = await trx.selectFrom('artigo_temas').select('id_tema').where('id_artigo', '=', article.id).orderBy('posicao').execute();
  if (current.length === ids.length && current.every((row, index) => row.id_tema === ids[index])) return false;
  await trx.deleteFrom('artigo_temas').where('id_artigo', '=', article.id).execute();
  if (ids.length > 0) {
    const links = linksOf(article, ids);
    // The counting trigger locks each topic's row: always in the same order, so two saves cannot deadlock.
    await trx
      .insertInto('artigo_temas')
      .values(links.sort((a, b) => a.id_tema - b.id_tema))
      .execute();
  }
  return true;
}

/** Links of one statement: six parameters each, far below either database's limit. */
const LINKS_PER_INSERT = 1_000;

/**
 * Gives articles just inserted (an import) their topics. Every link is written in the order of the
 * topics: the counting trigger locks each topic's row as it meets it, so two imports running at once
 * take their locks in the same order and cannot deadlock, as they could article by article.
 */
export async function assignImportedTopics(
  trx: Transaction<Schema>,
  articles: Array<LinkedArticle & { temas: string[] }>,
): Promise<void> {
  const topicOf = new Map<string, number>();
  for (const nome of new Set(articles.flatMap((article) => article.temas))) topicOf.set(nome, (await topicIds(trx, [nome]))[0]!);
  const links = articles.flatMap((article) => linksOf(article, [...new Set(article.temas.map((nome) => topicOf.get(nome)!))]));
  links.sort((a, b) => a.id_tema - b.id_tema || a.id_artigo - b.id_artigo);
  for (let start = 0; start < links.length; start += LINKS_PER_INSERT) {
    await trx.insertInto('artigo_temas').values(links.slice(start, start + LINKS_PER_INSERT)).execute();
  }
}

/** Topics in either database (migration 18). A rename is announced: pages that show its name are cached on every instance. */
export function sqlTopics(dialect: SqlDialect, emit: (event: RepositoryEvent) => void): TopicStore {
  const { db } = dialect;
  const reads = new CompiledShapes();
  return {
    async list(onlyPublic) {
      const now = new Date().toISOString();
      const rows = await db
        .selectFrom('temas')
        .select((eb) => ['temas.id', 'temas.nome', 'temas.slug', publicCount(now)(eb).as('total')])
        .execute();
      return rows
        .map((row) => ({ ...row, total: Number(row.total) }))
        .filter((row) => !onlyPublic || row.total > 0)
        .sort((a, b) => byName.compare(a.nome, b.nome));
    },
    async find(slug) {
      const topic = await db.selectFrom('temas').select(['id', 'nome', 'slug']).where('slug', '=', slug).executeTakeFirst();
      if (topic) return { topic };
      const renamed = await db
        .selectFrom('temas_slugs_antigos')
        .innerJoin('temas', 'temas.id', 'temas_slugs_antigos.id_tema')
        .select('temas.slug')
        .where('temas_slugs_antigos.slug', '=', slug)
        .executeTakeFirst();
      return renamed ? { renamedTo: renamed.slug } : null;
    },
    ofArticles(ids) {
      return topicsOf(db, ids, reads);
    },
    async rename(id, nome) {
      const slug = slugify(nome);
      const renamed = await db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('temas').select(['id', 'slug']).where('id', '=', id).$if(dialect.kind === 'postgres', (q) => q.forUpdate()).executeTakeFirst();
        if (!current) return null;
        const owner = await topicAt(trx, slug);
        if (owner && owner.id !== id) throw new TopicNameTakenError(slug);
        if (slug !== current.slug) {
          await trx.deleteFrom('temas_slugs_antigos').where('slug', '=', slug).execute();
          await trx.insertInto('temas_slugs_antigos').values({ slug: current.slug, id_tema: id }).execute();
        }
        const topic = await trx.updateTable('temas').set({ nome, slug }).where('id', '=', id).returning(['id', 'nome', 'slug']).executeTakeFirstOrThrow();
        await dialect.announce(trx, { type: 'topic-changed', id_tema: id });
        return topic;
      });
      if (renamed) emit({ type: 'topic-changed', id_tema: id });
      return renamed;
    },
  };
}
