import { type NewImageSet } from '../db/repository.js';
import type { Repository } from '../db/storage.js';
import { ImageNameTakenError } from '../db/image-store.js';
import { toNewImageSet } from '../images/image-set-files.js';
import { ImageRejectedError } from '../images/image-rejected.js';
import { processImage } from '../images/process-image.js';
import { recordAudit } from '../workflow/audit-trail.js';
import { assertMay } from '../workflow/permissions.js';
import { ApiError } from '../lib/api-error.js';
import type { EditorContext } from './api-context.js';
import { isSafeRequestedName, uploadedImageNames } from './image-file-name.js';
import { imageRejectionError } from './image-rejection.js';
import { MESSAGES } from '../lib/messages.js';

/**
 * POST /artigos/upload-imagem (after imageUpload streamed the file to disk, which the endpoint wrapper
 * deletes whatever happens): check the article, decode and re-encode with the image pipeline, store under
 * a free name (never replacing another image), and answer with the image set.
 */
export async function uploadImage({ body: { id_artigo } }: { body: { id_artigo: number } }, { repo, editor, logger, req, decodes }: EditorContext) {
  const fields = (req.body ?? {}) as Record<string, unknown>;
  const file = req.file;
  if (!file) throw new ApiError(400, MESSAGES.uploadFileMissing);
  const requestedName = typeof fields.filename === 'string' && fields.filename.trim() ? fields.filename : file.originalname;
  if (!isSafeRequestedName(requestedName)) throw new ApiError(400, MESSAGES.fileNameUnsafe);
  const article = await repo.articles.get(id_artigo);
  if (!article) throw new ApiError(404, MESSAGES.articleNotFound);
  assertMay(editor, 'enviar-imagem', article);
  const processed = await decodes.run(() => processImage(file.path)).catch((error: unknown) => {
    throw error instanceof ImageRejectedError ? imageRejectionError(error) : error;
  });
  const saved = await saveUnderFreeName(repo, id_artigo, uploadedImageNames(requestedName, processed.master.format), (nome) =>
    toNewImageSet(id_artigo, nome, processed),
  );
  const set = (await repo.images.imageSets([id_artigo])).find((candidate) => candidate.nome === saved.nome)!;
  logger.info({ id_artigo, nome: saved.nome, bytes: file.size, autor: editor.author }, 'imagem de artigo salva');
  await recordAudit(repo.audit, req, editor, 'enviou-imagem', { id_artigo, detalhes: { nome: saved.nome } });
  return set;
}

/** Tries each name in turn: an image of the article is never replaced, even by a simultaneous upload. */
async function saveUnderFreeName(
  repo: Repository,
  id_artigo: number,
  names: string[],
  build: (nome: string) => NewImageSet,
): Promise<{ id: number; nome: string }> {
  for (const nome of names) {
    try {
      return await repo.images.saveImageSet(build(nome));
    } catch (error) {
      if (!(error instanceof ImageNameTakenError)) throw error;
    }
  }
  throw new Error(`nenhum nome livre para a imagem do artigo ${id_artigo}`);
}
