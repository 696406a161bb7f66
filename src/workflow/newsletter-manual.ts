import type { Edition } from '../db/edition-store.js';
import { ApiError } from '../lib/api-error.js';
import { editionCampaign, editionMail } from '../mail/newsletter-mails.js';
import type { Mail } from '../mail/mailer.js';
import { editionArticles, publicArticlesById } from './newsletter-editions.js';
import type { NewsletterDeps } from './newsletter-signup.js';

export const MANUAL_EDITION_MESSAGES = {
  notPublic: 'Escolha apenas artigos publicados.',
  notFound: 'Edição não encontrada.',
  alreadySent: 'Esta edição já foi enviada.',
  noAddress: 'A sua sessão não tem e-mail (uma chave de editor): entre com a sua conta para receber o teste.',
} as const;

/** The subscriber the preview and the test stand for: every article, links that lead to no one. */
const SAMPLE_SUBSCRIBER = 'exemplo';

/** An editor's edition of chosen public articles, a draft until it is sent. */
export async function createManualEdition(deps: NewsletterDeps, request: { artigos: number[]; assunto: string }, by: string): Promise<Edition> {
  const now = new Date().toISOString();
  const articles = await publicArticlesById(deps.repo, request.artigos, now);
  if (!articles) throw new ApiError(422, MANUAL_EDITION_MESSAGES.notPublic);
  const artigos = await editionArticles(deps.repo, deps.site, deps.links, articles);
  return deps.repo.editions.createManual({ assunto: request.assunto, artigos, criadaPor: by }, now);
}

export async function editionOrThrow(deps: Pick<NewsletterDeps, 'repo'>, id: string): Promise<Edition> {
  const edition = await deps.repo.editions.get(id);
  if (!edition) throw new ApiError(404, MANUAL_EDITION_MESSAGES.notFound);
  return edition;
}

/** The edition as a subscriber of every topic receives it. */
export async function editionSample(deps: NewsletterDeps, edition: Edition, to: string): Promise<Mail> {
  return editionMail(deps.site, {
    to,
    subject: edition.assunto,
    campaign: editionCampaign(edition),
    articles: edition.artigos,
    links: { unsubscribeUrl: await deps.links.unsubscribeUrl(SAMPLE_SUBSCRIBER), preferencesUrl: await deps.links.preferencesUrl(SAMPLE_SUBSCRIBER) },
  });
}

/** "Enviar teste para mim": the edition, as a subscriber gets it, to the editor's own address (through the outbox). */
export async function sendEditionTest(deps: NewsletterDeps, edition: Edition, to: string | null): Promise<void> {
  if (!to) throw new ApiError(409, MANUAL_EDITION_MESSAGES.noAddress);
  const mail = await editionSample(deps, edition, to);
  await deps.repo.outbox.enqueue({ kind: 'email', payload: { ...mail, subject: `[Teste] ${mail.subject}` }, reference: `boletim-teste:${edition.id}` });
}

/** Sends a draft: its deliveries are enqueued by the newsletter's next tick, in batches. */
export async function startManualEdition(deps: Pick<NewsletterDeps, 'repo'>, id: string): Promise<void> {
  await editionOrThrow(deps, id);
  if (!(await deps.repo.editions.startSending(id, new Date().toISOString()))) throw new ApiError(409, MANUAL_EDITION_MESSAGES.alreadySent);
}
