import type { SiteConfig } from '../config.js';
import type { StoredArticle } from '../db/repository.js';
import type { Person } from '../db/people-store.js';
import type { Repository } from '../db/storage.js';
import { reviewApprovedMail } from '../mail/review-approved-mail.js';

/** One message per author per approved version, however many times the request is retried. */
export const approvalMailKey = (id_artigo: number, versao: number, id_pessoa: number) => `revisao-aprovada:${id_artigo}:${versao}:${id_pessoa}`;

/** E-mails, through the outbox, the article's authors (its creator when it names none) that `revisor` approved `versao`. */
export async function announceApproval(
  repo: Repository,
  site: SiteConfig,
  approval: { article: Pick<StoredArticle, 'id' | 'titulo' | 'autores' | 'id_criador' | 'status'>; versao: number; revisor: { id: number; nome: string }; url: string; now: Date },
): Promise<number> {
  const { article, revisor } = approval;
  const ids = article.autores.length > 0 ? article.autores : article.id_criador === null ? [] : [article.id_criador];
  const people = await Promise.all(ids.filter((id) => id !== revisor.id).map((id) => repo.people.get(id)));
  const authors = people.filter((person): person is Person => person !== null && person.ativo);
  const live = article.status === 'publicado';
  for (const person of authors) {
    const payload = reviewApprovedMail(site, { nome: person.nome, email: person.email, titulo: article.titulo, revisor: revisor.nome, versao: approval.versao, live, url: approval.url });
    await repo.outbox.enqueue({ kind: 'email', payload, idempotencyKey: approvalMailKey(article.id, approval.versao, person.id), reference: `revisao:${article.id}` }, approval.now.toISOString());
  }
  return authors.length;
}
