import type { SiteConfig } from '../config.js';
import type { StoredArticle } from '../db/repository.js';
import type { Repository } from '../db/storage.js';
import { reviewRequestMail } from '../mail/review-request-mail.js';
import { mayWith } from '../people/roles.js';

/** One message per revisor per version sent for review: sending the same version again (a double click, a retry) adds nothing. */
export const reviewRequestKey = (id_artigo: number, versao: number, id_pessoa: number) => `pedido-revisao:${id_artigo}:${versao}:${id_pessoa}`;

/**
 * E-mails, through the outbox, every active person who may approve medical reviews (the one asking
 * excepted: four eyes) that `article`'s current version waits for their review. Answers how many
 * people are told.
 */
export async function requestMedicalReview(
  repo: Repository,
  site: SiteConfig,
  request: { article: Pick<StoredArticle, 'id' | 'versao' | 'titulo'>; por: { id: number | null; nome: string }; url: string; now: Date },
): Promise<number> {
  const { article, por } = request;
  const revisores = (await repo.people.list()).filter((person) => person.ativo && person.id !== por.id && mayWith(person.papel, person.permissoes, 'aprovar-revisao'));
  for (const person of revisores) {
    const payload = reviewRequestMail(site, { nome: person.nome, email: person.email, titulo: article.titulo, por: por.nome, url: request.url });
    await repo.outbox.enqueue({ kind: 'email', payload, idempotencyKey: reviewRequestKey(article.id, article.versao, person.id), reference: `revisao:${article.id}` }, request.now.toISOString());
  }
  return revisores.length;
}
