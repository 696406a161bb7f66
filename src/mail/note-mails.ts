import type { SiteConfig } from '../config.js';
import type { UnannouncedNote } from '../db/note-store.js';
import { composeMail } from './compose-mail.js';
import type { Mail } from './mailer.js';

/** A quote in a message stays short: the editor shows it whole. */
const QUOTE_MAX = 200;
const shortQuote = (trecho: string) => (trecho.length > QUOTE_MAX ? `${trecho.slice(0, QUOTE_MAX - 1)}…` : trecho);

/** New notes on an article, to one of its authors (issue 33): the first alone, later ones together. */
export function draftNotesMail(site: Pick<SiteConfig, 'productName'>, message: { nome: string; email: string; titulo: string; url: string; notes: UnannouncedNote[] }): Mail {
  const { notes } = message;
  return composeMail(message.email, {
    subject: notes.length === 1 ? `Nova nota em “${message.titulo}”` : `${notes.length} novas notas em “${message.titulo}”`,
    before: [
      `Olá, ${message.nome}.`,
      notes.length === 1 ? `Há uma nota nova no artigo “${message.titulo}”:` : `Há ${notes.length} notas novas no artigo “${message.titulo}”:`,
      ...notes.map((note) => `• ${note.autor}${note.trecho === null ? '' : `, sobre “${shortQuote(note.trecho)}”`}: ${note.texto}`),
    ],
    link: { label: 'Abrir o artigo no editor', url: message.url },
    after: ['Notas seguintes chegam juntas numa só mensagem, a cada poucos minutos.'],
    signature: `Equipe ${site.productName}`,
  });
}
