import type { Selectable } from 'kysely';
import type { ArticleWrites } from './article-writes.js';
import type { NewNote, Note, NotePlacement, NoteReply, NoteStore, UnannouncedNote } from './note-store.js';
import type { NewDelivery } from './outbox-store.js';
import { ArticleNotFoundError, type StoredArticle } from './repository.js';
import type { NoteTable } from './schema.js';
import { enqueueDelivery } from './sql-outbox-store.js';
import { SqlStore, type SqlStoreContext } from './sql-store.js';

const NOTE_COLUMNS = ['id', 'id_artigo', 'texto', 'trecho', 'trecho_inicio', 'trecho_fim', 'id_pessoa', 'autor', 'criada_em', 'resolvida_em', 'resolvida_por'] as const;
const REPLY_COLUMNS = ['id', 'id_nota', 'texto', 'id_pessoa', 'autor', 'criada_em'] as const;

type NoteRow = Pick<Selectable<NoteTable>, (typeof NOTE_COLUMNS)[number]>;

function toNote(row: NoteRow, respostas: NoteReply[]): Note {
  const anchor = row.trecho === null ? null : { trecho: row.trecho, inicio: row.trecho_inicio ?? 0, fim: row.trecho_fim ?? 0 };
  const resolvida = row.resolvida_em === null ? null : { em: row.resolvida_em, por: row.resolvida_por ?? '' };
  return { id: row.id, id_artigo: row.id_artigo, texto: row.texto, anchor, id_pessoa: row.id_pessoa, autor: row.autor, criada_em: row.criada_em, resolvida, respostas };
}

/** Notes are written beside the article they are about, which is locked while the rules read it. */
export class SqlNoteStore extends SqlStore implements NoteStore {
  constructor(
    context: SqlStoreContext,
    private readonly writes: ArticleWrites,
  ) {
    super(context);
  }

  async add(id_artigo: number, note: NewNote, now: string, place: (article: StoredArticle) => NotePlacement) {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const placement = place(await this.writes.lockArticle(trx, id_artigo));
        if ('refused' in placement) return { refused: placement.refused };
        const { anchor } = placement;
        const row = await trx
          .insertInto('artigo_notas')
          .values({ id_artigo, texto: note.texto, id_pessoa: note.id_pessoa, autor: note.autor, criada_em: now, trecho: anchor?.trecho ?? null, trecho_inicio: anchor?.inicio ?? null, trecho_fim: anchor?.fim ?? null })
          .returning(NOTE_COLUMNS)
          .executeTakeFirstOrThrow();
        return { note: toNote(row, []) };
      });
    } catch (error) {
      if (error instanceof ArticleNotFoundError) return null;
      throw error;
    }
  }

  async list(id_artigo: number): Promise<Note[]> {
    const rows = await this.db.selectFrom('artigo_notas').select(NOTE_COLUMNS).where('id_artigo', '=', id_artigo).orderBy('criada_em').orderBy('id').execute();
    if (rows.length === 0) return [];
    const replies = await this.db
      .selectFrom('artigo_nota_respostas')
      .select(REPLY_COLUMNS)
      .where(
        'id_nota',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('criada_em')
      .orderBy('id')
      .execute();
    return rows.map((row) => toNote(row, replies.filter((reply) => reply.id_nota === row.id).map(({ id_nota: _, ...reply }) => reply)));
  }

  async get(id_artigo: number, id_nota: number): Promise<Note | null> {
    return (await this.list(id_artigo)).find((note) => note.id === id_nota) ?? null;
  }

  async reply(id_artigo: number, id_nota: number, reply: NewNote, now: string): Promise<NoteReply | null> {
    return this.db.transaction().execute(async (trx) => {
      const note = await trx.selectFrom('artigo_notas').select('id').where('id', '=', id_nota).where('id_artigo', '=', id_artigo).executeTakeFirst();
      if (!note) return null;
      return trx
        .insertInto('artigo_nota_respostas')
        .values({ id_nota, texto: reply.texto, id_pessoa: reply.id_pessoa, autor: reply.autor, criada_em: now })
        .returning(['id', 'texto', 'id_pessoa', 'autor', 'criada_em'])
        .executeTakeFirstOrThrow();
    });
  }

  async setResolved(id_artigo: number, id_nota: number, resolved: { por: string; em: string } | null): Promise<Note | null> {
    const updated = await this.db
      .updateTable('artigo_notas')
      .set({ resolvida_em: resolved?.em ?? null, resolvida_por: resolved?.por ?? null })
      .where('id', '=', id_nota)
      .where('id_artigo', '=', id_artigo)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return null;
    return this.get(id_artigo, id_nota);
  }

  async countOpen(id_artigo: number): Promise<number> {
    const row = await this.db.selectFrom('artigo_notas').select((eb) => eb.fn.countAll<number | string>().as('n')).where('id_artigo', '=', id_artigo).where('resolvida_em', 'is', null).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async articlesToAnnounce(): Promise<number[]> {
    const rows = await this.db.selectFrom('artigo_notas').select('id_artigo').distinct().where('avisada_em', 'is', null).orderBy('id_artigo').execute();
    return rows.map((row) => row.id_artigo);
  }

  async announce(id_artigo: number, now: string, quietSince: string, compose: (notes: UnannouncedNote[]) => NewDelivery[]): Promise<UnannouncedNote[]> {
    return this.db.transaction().execute(async (trx) => {
      const recent = await trx.selectFrom('artigo_notas').select('id').where('id_artigo', '=', id_artigo).where('avisada_em', '>', quietSince).executeTakeFirst();
      if (recent) return [];
      // The update claims: a second instance's update waits for this one and then finds nothing left.
      const claimed = await trx
        .updateTable('artigo_notas')
        .set({ avisada_em: now })
        .where('id_artigo', '=', id_artigo)
        .where('avisada_em', 'is', null)
        .returning(['id', 'texto', 'trecho', 'autor', 'id_pessoa'])
        .execute();
      const notes = claimed.sort((a, b) => a.id - b.id);
      if (notes.length > 0) for (const delivery of compose(notes)) await enqueueDelivery(trx, delivery, now);
      return notes;
    });
  }
}
