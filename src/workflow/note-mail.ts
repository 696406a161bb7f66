import type { SiteConfig } from '../config.js';
import type { NewDelivery } from '../db/outbox-store.js';
import type { Person } from '../db/people-store.js';
import type { Repository } from '../db/storage.js';
import type { Logger } from '../logger.js';
import { startPeriodicTask, type PeriodicTask } from '../lib/periodic-task.js';
import { draftNotesMail } from '../mail/note-mails.js';

/** How often an instance looks for new notes: with the outbox's own poll, the first note's e-mail leaves within a minute. */
export const NOTE_MAIL_CHECK_MS = 15_000;

/** One message per author per batch of notes, whichever instance enqueues it first. */
export const noteMailKey = (id_artigo: number, lastNote: number, id_pessoa: number) => `notas:${id_artigo}:${lastNote}:${id_pessoa}`;

/**
 * E-mails each article's authors (its creator when it names none) the notes others left since the last
 * message: at once when no message about the article's notes went within `batchMinutes`, otherwise once
 * that window has passed, all of them together. Answers how many notes it announced.
 */
export async function announceNotes(repo: Repository, site: SiteConfig, editorUrl: (id: number) => string, batchMinutes: number, now: Date): Promise<number> {
  const quietSince = new Date(now.getTime() - batchMinutes * 60_000).toISOString();
  let announced = 0;
  for (const id of await repo.notes.articlesToAnnounce()) {
    const article = await repo.articles.get(id);
    if (!article) continue;
    const ids = article.autores.length > 0 ? article.autores : article.id_criador === null ? [] : [article.id_criador];
    const people = await Promise.all(ids.map((id_pessoa) => repo.people.get(id_pessoa)));
    const recipients = people.filter((person): person is Person => person !== null && person.ativo);
    const notes = await repo.notes.announce(id, now.toISOString(), quietSince, (claimed) => {
      const lastNote = claimed[claimed.length - 1]!.id;
      return recipients.flatMap((person): NewDelivery[] => {
        const others = claimed.filter((note) => note.id_pessoa !== person.id);
        if (others.length === 0) return [];
        const payload = draftNotesMail(site, { nome: person.nome, email: person.email, titulo: article.titulo, url: editorUrl(id), notes: others });
        return [{ kind: 'email', payload, idempotencyKey: noteMailKey(id, lastNote, person.id), reference: `notas:${id}` }];
      });
    });
    announced += notes.length;
  }
  return announced;
}

/** Every instance looks each `intervalMs`; a note is claimed by one of them only, in the same transaction as its e-mail. */
export function startNoteMail(
  repo: Repository,
  site: SiteConfig,
  logger: Logger,
  options: { batchMinutes: number; editorUrl: (id: number) => string; intervalMs?: number; now?: () => Date },
): PeriodicTask {
  const now = options.now ?? (() => new Date());
  return startPeriodicTask(
    options.intervalMs ?? NOTE_MAIL_CHECK_MS,
    async () => {
      const announced = await announceNotes(repo, site, options.editorUrl, options.batchMinutes, now());
      if (announced > 0) logger.info({ notas: announced }, 'notas enviadas por e-mail aos autores');
    },
    (error) => logger.warn({ err: error }, 'aviso de notas falhou; nova tentativa no próximo ciclo'),
  );
}
