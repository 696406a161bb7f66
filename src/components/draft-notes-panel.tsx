import type { ReactNode } from 'react';
import { formatDateTimePtBr } from '../content/format-date-time.js';

/** A note as the editor page lists it (src/workflow/draft-notes.ts noteView). */
export interface DraftNoteItem {
  id: number;
  texto: string;
  trecho: string | null;
  trecho_alterado: boolean;
  pessoa: { nome: string };
  criada_em: string;
  resolvida: boolean;
  resolvida_por: string | null;
  respostas: { id: number; texto: string; pessoa: { nome: string }; criada_em: string }[];
}

export interface DraftNotesPanelProps {
  notes: DraftNoteItem[];
  /** Where the forms post (the editor page itself). */
  action: string;
  /** Whether the article takes new notes (not a published article without a pending change). */
  acceptsNotes: boolean;
  notice?: string;
  error?: string;
}

export const NOTES_PANEL_TEXT = {
  title: (open: number, total: number) => (total === 0 ? 'Notas' : `Notas (${open} ${open === 1 ? 'aberta' : 'abertas'} de ${total})`),
  none: 'Nenhuma nota ainda. Selecione um trecho no texto e use “Comentar”, ou escreva abaixo uma nota sobre o artigo todo.',
  changed: 'trecho alterado',
  resolvedBy: (por: string | null) => `Resolvida${por ? ` por ${por}` : ''}`,
  reply: 'Responder',
  replyLabel: (nome: string) => `Resposta à nota de ${nome}`,
  resolve: 'Resolver',
  reopen: 'Reabrir',
  newNote: 'Nova nota sobre o artigo',
  quote: 'Trecho citado (opcional, copiado do texto)',
  add: 'Salvar nota',
  closed: 'Este artigo está publicado sem mudança pendente: notas novas só num rascunho ou numa mudança à espera de revisão.',
} as const;

const Time = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateTimePtBr(iso)}</time>;

function NoteForm({ action, acao, nota, className, children }: { action: string; acao: string; nota?: number; className: string; children: ReactNode }) {
  return (
    <form method="post" action={action} className={className}>
      <input type="hidden" name="acao" value={acao} />
      {nota !== undefined && <input type="hidden" name="nota" value={nota} />}
      {children}
    </form>
  );
}

function DraftNote({ note, action }: { note: DraftNoteItem; action: string }) {
  const replyId = `nota-${note.id}-resposta`;
  return (
    <li className={note.resolvida ? 'area-item draft-note draft-note-resolved' : 'area-item draft-note'} id={`nota-${note.id}`}>
      <p className="area-item-title">
        <strong>{note.pessoa.nome}</strong>
        {' · '}
        <Time iso={note.criada_em} />
        {note.resolvida && ` · ${NOTES_PANEL_TEXT.resolvedBy(note.resolvida_por)}`}
      </p>
      {note.trecho !== null && (
        <blockquote className="area-lead-text draft-note-quote">
          {note.trecho}
          {note.trecho_alterado && <strong className="draft-note-changed"> ({NOTES_PANEL_TEXT.changed})</strong>}
        </blockquote>
      )}
      <p className="area-lead-text">{note.texto}</p>
      {note.respostas.length > 0 && (
        <ol className="area-list draft-note-replies">
          {note.respostas.map((reply) => (
            <li key={reply.id} className="area-item">
              <p className="area-item-title">
                <strong>{reply.pessoa.nome}</strong>
                {' · '}
                <Time iso={reply.criada_em} />
              </p>
              <p className="area-lead-text">{reply.texto}</p>
            </li>
          ))}
        </ol>
      )}
      <NoteForm action={action} acao="resposta" nota={note.id} className="area-form">
        <div className="area-field">
          <label htmlFor={replyId}>{NOTES_PANEL_TEXT.replyLabel(note.pessoa.nome)}</label>
          <textarea id={replyId} name="texto" rows={2} required maxLength={5_000} />
        </div>
        <button type="submit" className="button button-secondary button-small">
          {NOTES_PANEL_TEXT.reply}
        </button>
      </NoteForm>
      <NoteForm action={action} acao={note.resolvida ? 'reabrir' : 'resolver'} nota={note.id} className="area-inline-form">
        <button type="submit" className="button button-secondary button-small" aria-label={`${note.resolvida ? NOTES_PANEL_TEXT.reopen : NOTES_PANEL_TEXT.resolve} a nota de ${note.pessoa.nome}`}>
          {note.resolvida ? NOTES_PANEL_TEXT.reopen : NOTES_PANEL_TEXT.resolve}
        </button>
      </NoteForm>
    </li>
  );
}

/**
 * The team's notes on the article, under its form on the editor page: plain HTML forms that work without
 * JavaScript (the editor's "Comentar" adds notes from a selection and redraws this section).
 */
export function DraftNotesPanel({ notes, action, acceptsNotes, notice, error }: DraftNotesPanelProps) {
  const open = notes.filter((note) => !note.resolvida).length;
  return (
    <section id="notas" className="area-section draft-notes" aria-labelledby="notas-titulo">
      <h2 id="notas-titulo">{NOTES_PANEL_TEXT.title(open, notes.length)}</h2>
      {notice && (
        <p className="area-notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="area-error-box" role="alert">
          {error}
        </p>
      )}
      {notes.length === 0 ? (
        <p>{NOTES_PANEL_TEXT.none}</p>
      ) : (
        <ol className="area-list">
          {notes.map((note) => (
            <DraftNote key={note.id} note={note} action={action} />
          ))}
        </ol>
      )}
      {acceptsNotes ? (
        <form className="area-form" method="post" action={action}>
          <input type="hidden" name="acao" value="nota" />
          <div className="area-field">
            <label htmlFor="nota-nova">{NOTES_PANEL_TEXT.newNote}</label>
            <textarea id="nota-nova" name="texto" rows={3} required maxLength={5_000} />
          </div>
          <div className="area-field">
            <label htmlFor="nota-trecho">{NOTES_PANEL_TEXT.quote}</label>
            <input id="nota-trecho" name="trecho" type="text" maxLength={1_000} />
          </div>
          <button type="submit" className="button button-primary">
            {NOTES_PANEL_TEXT.add}
          </button>
        </form>
      ) : (
        <p>{NOTES_PANEL_TEXT.closed}</p>
      )}
    </section>
  );
}
