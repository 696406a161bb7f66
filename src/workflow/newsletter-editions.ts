import type { NewsletterConfig, SiteConfig } from '../config.js';
import { isPublic } from '../db/article-workflow.js';
import type { Edition, EditionArticle, EditionBatch } from '../db/edition-store.js';
import type { Article } from '../db/repository.js';
import type { Repository } from '../db/storage.js';
import { articlesFor } from '../mail/newsletter-mails.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { latestSlot } from '../lib/weekly-slots.js';
import { startPeriodicTask, type PeriodicTask } from '../lib/periodic-task.js';
import type { Logger } from '../logger.js';
import type { NewsletterLinks } from './newsletter-links.js';

/** Subscribers read and deliveries written per transaction: 20,000 subscribers are 40 transactions, not 20,000 round trips nor one statement. */
export const FANOUT_BATCH = 500;
/** The newest public articles an edition can be made of (a week's are a handful). */
const RECENT_ARTICLES = 100;
/** A slot missed while every instance was down is still sent within this; older ones are skipped. */
const LATE_SLOT_MS = 86_400_000;
/** Unconfirmed sign-ups are deleted after this many days (the privacy page says so, from this constant). */
export const UNCONFIRMED_RETENTION_DAYS = 30;
export const UNCONFIRMED_RETENTION_MS = UNCONFIRMED_RETENTION_DAYS * 86_400_000;
/** An address whose deliveries failed for good this many times is `invalido` and skipped. */
export const PERMANENT_FAILURES_LIMIT = 3;

/** The articles as the edition fixes them: absolute links, the image's social variant (a file that exists), topic slugs. */
export async function editionArticles(repo: Repository, site: Pick<SiteConfig, 'siteUrl'>, links: Pick<NewsletterLinks, 'articleUrl'>, articles: Article[]): Promise<EditionArticle[]> {
  const ids = articles.map((article) => article.id);
  const [topics, images] = await Promise.all([repo.topics.ofArticles(ids), repo.images.imageSets(ids)]);
  return articles.map((article) => {
    const image = images.find((set) => set.id_artigo === article.id && set.nome === article.imagem_nome);
    return {
      id: article.id,
      titulo: article.titulo,
      descricao: article.descricao,
      url: links.articleUrl(article),
      imagem: image
        ? { url: absoluteUrl(site, image.social.url), alt: article.imagem_alt ?? article.imagem_caption ?? '', width: image.social.width, height: image.social.height }
        : null,
      temas: (topics.get(article.id) ?? []).map((topic) => topic.slug),
    };
  });
}

/** The newest public articles, for the editors' choice. */
export async function recentPublicArticles(repo: Repository): Promise<Article[]> {
  return (await repo.publicArticles.latest(1, RECENT_ARTICLES)).items;
}

/** The public articles among `ids`, in that order; undefined when one is not public (or does not exist). */
export async function publicArticlesById(repo: Repository, ids: number[], now: string): Promise<Article[] | undefined> {
  const found = await Promise.all(ids.map((id) => repo.articles.get(id)));
  if (found.some((article) => !article || !isPublic(article, now))) return undefined;
  return found as Article[];
}

/** "Novos artigos do Prontivo — 1 de dezembro": a scheduled edition's subject. */
function scheduledSubject(site: Pick<SiteConfig, 'productName'>, slot: number): string {
  const day = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: 'numeric', month: 'long' }).format(new Date(slot));
  return `Novos artigos do ${site.productName} — ${day}`;
}

/**
 * The edition of the schedule's latest slot, if it is due and has none yet: the public articles
 * published since the previous scheduled edition (or the previous slot, for the first one) up to the
 * slot. Nothing new, no edition. The slot is unique in the database, so of two instances one makes it.
 */
export async function createDueEdition(
  repo: Repository,
  site: Pick<SiteConfig, 'siteUrl' | 'productName'>,
  links: Pick<NewsletterLinks, 'articleUrl'>,
  config: Pick<NewsletterConfig, 'schedule'>, now: number): Promise<Edition | null> {
  const slot = latestSlot(config.schedule, now);
  if (now - slot > LATE_SLOT_MS) return null;
  const vaga = new Date(slot).toISOString();
  const last = await repo.editions.lastScheduled();
  if (last?.vaga === vaga) return null;
  const since = last?.ate ?? new Date(latestSlot(config.schedule, slot - 1)).toISOString();
  const fresh = (await recentPublicArticles(repo)).filter((article) => article.data_publicacao > since && article.data_publicacao <= vaga);
  if (fresh.length === 0) return null;
  const artigos = await editionArticles(repo, site, links, fresh);
  return repo.editions.createForSlot({ assunto: scheduledSubject(site, slot), artigos, vaga, ate: vaga }, new Date(now).toISOString());
}

/**
 * Enqueues an edition's deliveries from where its fan-out stopped: a batch of confirmed subscribers
 * at a time, each batch one transaction. A subscriber whose topics have no article of the edition gets
 * nothing. Two instances on the same edition write each batch once (the cursor is checked in the
 * batch's transaction); the loser reads the edition again and goes on from the winner's cursor.
 */
export async function fanOut(repo: Repository, edition: Edition, shouldStop: () => boolean = () => false): Promise<void> {
  let current: Edition | undefined = edition;
  while (current?.estado === 'preparando' && !shouldStop()) {
    const from: string | null = current.cursor;
    const page = await repo.subscribers.confirmedAfter(from, FANOUT_BATCH);
    const subscribers = page.filter((subscriber) => articlesFor(current!.artigos, subscriber.temas).length > 0).map((subscriber) => subscriber.id);
    const batch: EditionBatch = { subscribers, cursor: page.at(-1)?.id ?? from, last: page.length < FANOUT_BATCH };
    const written = await repo.editions.enqueueBatch(current.id, from, batch, new Date().toISOString());
    current = written ? { ...current, cursor: batch.cursor, estado: batch.last ? 'enviada' : 'preparando' } : await repo.editions.get(current.id);
  }
}

/**
 * One tick of the newsletter's schedule, on every instance: the due edition made (once), the fan-out
 * of every edition being prepared carried on (a restart resumes it), and unconfirmed sign-ups past
 * their 30 days deleted.
 */
export async function newsletterTick(
  repo: Repository,
  site: Pick<SiteConfig, 'siteUrl' | 'productName'>,
  links: Pick<NewsletterLinks, 'articleUrl'>,
  config: Pick<NewsletterConfig, 'schedule'>, shouldStop: () => boolean): Promise<void> {
  const now = Date.now();
  await createDueEdition(repo, site, links, config, now);
  for (const edition of await repo.editions.preparing()) {
    if (shouldStop()) return;
    await fanOut(repo, edition, shouldStop);
  }
  await repo.subscribers.deleteUnconfirmedBefore(new Date(now - UNCONFIRMED_RETENTION_MS).toISOString());
}

/** Every instance runs the newsletter's tick, on the scheduler's interval. */
export function startNewsletter(
  repo: Repository,
  site: Pick<SiteConfig, 'siteUrl' | 'productName'>,
  links: Pick<NewsletterLinks, 'articleUrl'>,
  config: Pick<NewsletterConfig, 'schedule'>,
  intervalMs: number,
  logger: Logger,
): PeriodicTask {
  return startPeriodicTask(
    intervalMs,
    (state) => newsletterTick(repo, site, links, config, () => state.stopped),
    (error) => logger.warn({ err: error }, 'boletim: falha no ciclo; nova tentativa no próximo'),
  );
}
