import type { RequestHandler } from 'express';
import type { ArticleRepository } from '../db/repository.js';
import type { Logger } from '../logger.js';
import type { EditorAuth } from '../workflow/editor-auth.js';
import { ApiError } from './api-error.js';
import { articleIdSchema } from './article-schemas.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';
import { isPolyglot } from './image-anomalies.js';
import { isSafeRequestedName, uploadedImageName } from './image-file-name.js';
import { sniffImage } from './image-type.js';
import { MESSAGES } from './messages.js';
import { validate } from './validate.js';

/**
 * POST /artigos/upload-imagem (after imageUpload parsed the form): authorise, check the article id and
 * the bytes, then store under a safe name. Same name for the same article replaces the image.
 */
export function uploadImageHandler(
  repo: ArticleRepository,
  authorize: EditorAuth['authorize'],
  logger: Logger,
): RequestHandler {
  return async (req, res) => {
    const fields = (req.body ?? {}) as Record<string, unknown>;
    const editor = await authorize(req, res);
    const id_artigo = validate(articleIdSchema, fields.id_artigo);
    const file = req.file;
    if (!file) throw new ApiError(400, MESSAGES.uploadFileMissing);
    const requestedName = typeof fields.filename === 'string' && fields.filename.trim() ? fields.filename : file.originalname;
    if (!isSafeRequestedName(requestedName)) throw new ApiError(400, MESSAGES.fileNameUnsafe);
    const type = await sniffImage(file.buffer, requestedName);
    if (isPolyglot(file.buffer, type.kind)) throw new ApiError(415, MESSAGES.uploadPolyglot);
    const saved = await repo.saveImage({
      id_artigo,
      nome: uploadedImageName(requestedName, type.kind),
      content_type: type.contentType,
      bytes: file.buffer,
    });
    logger.info({ id_artigo, nome: saved.nome, bytes: file.size, autor: editor.author }, 'imagem de artigo salva');
    sendOk(res, commandOf(res), saved);
  };
}
