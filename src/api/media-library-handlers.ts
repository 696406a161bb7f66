import type { z } from 'zod';
import { recordAudit } from '../workflow/audit-trail.js';
import { assertMayUseLibrary, changeImage, deleteLibraryImage, insertLibraryImage, searchLibrary } from '../workflow/media-library.js';
import type { EditorContext } from './api-context.js';
import type { imageChangeSchema, insertImageRequestSchema, libraryQuerySchema } from './media-library-schemas.js';

/** GET /imagens: the team's images with where each is used. */
export async function listLibrary({ query }: { query: z.output<typeof libraryQuerySchema> }, { repo, editor }: EditorContext) {
  assertMayUseLibrary(editor);
  return (await searchLibrary(repo, query.q ?? '', query.pagina)).images;
}

/** PATCH /imagens/:id: focal point (re-making the share image) and default texts. */
export async function patchImage({ params: { id }, body }: { params: { id: number }; body: z.output<typeof imageChangeSchema> }, context: EditorContext) {
  const image = await changeImage(context.repo, context.editor, id, body);
  await recordAudit(context.repo.audit, context.req, context.editor, 'mudou-imagem', { id_artigo: image.id_artigo, detalhes: { id, ...body } });
  return image;
}

/** DELETE /imagens/:id: refused (409) while an article shows it. */
export async function removeImage({ params: { id } }: { params: { id: number } }, { repo, editor, req }: EditorContext) {
  const image = await deleteLibraryImage(repo, editor, id);
  await recordAudit(repo.audit, req, editor, 'apagou-imagem', { id_artigo: image.id_artigo, detalhes: { id, nome: image.nome } });
  return { id };
}

/** POST /artigos/:id/imagens: an image of the library, the article's to show, without a copy. */
export async function insertImage({ params: { id }, body }: { params: { id: number }; body: z.output<typeof insertImageRequestSchema> }, { repo, editor }: EditorContext) {
  const inserted = await insertLibraryImage(repo, editor, await repo.articles.get(id), body.id_imagem);
  return { ...inserted.set, alt: inserted.alt, legenda: inserted.legenda };
}
