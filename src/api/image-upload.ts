import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { ApiError } from '../lib/api-error.js';
import { LIMITS, MESSAGES } from '../lib/messages.js';

/**
 * The file is streamed to a temporary file under a random name, never held in memory: an upload
 * with a wrong key costs disk for a moment, not 10 MB of heap. The handler deletes it in every case;
 * multer deletes it itself when the form fails half-way.
 */
/**
 * One folder per process (multer creates it), so what a process leaves behind is easy to see. The pid
 * alone was not enough: a process of another user with the same pid earlier had left its folder there,
 * and every upload failed for want of permission (a CI run's unprivileged server met root's folder).
 */
export const UPLOAD_TEMP_DIR = join(tmpdir(), `envios-de-imagem-${process.pid}-${randomBytes(4).toString('hex')}`);

/**
 * A multipart form with one file, streamed to UPLOAD_TEMP_DIR within `limits`: 415 when the request is not
 * multipart, multer's own errors as they are, anything else from the parser a 400 (a malformed form is
 * not a fault of ours).
 */
export function singleFileUpload(limits: multer.Options['limits']): RequestHandler {
  const upload = multer({ storage: multer.diskStorage({ destination: UPLOAD_TEMP_DIR }), limits }).single('file');
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      next(new ApiError(415, MESSAGES.uploadNotMultipart));
      return;
    }
    upload(req, res, (error?: unknown) => {
      if (!error || error instanceof multer.MulterError) {
        next(error);
        return;
      }
      next(new ApiError(400, MESSAGES.uploadNotMultipart));
    });
  };
}

/** The multipart form of spec section 7 (file, filename, id_artigo, key). */
export const imageUpload = singleFileUpload({ fileSize: LIMITS.uploadBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 });
