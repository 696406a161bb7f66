import type { RequestHandler } from 'express';
import multer from 'multer';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import { UPLOAD_TEMP_DIR } from './image-upload.js';

/** An export of a whole blog with its uploads: far more than a photo, still a bound on the disk. */
export const IMPORT_UPLOAD_BYTES = 500 * 1_048_576;

const upload = multer({
  storage: multer.diskStorage({ destination: UPLOAD_TEMP_DIR }),
  limits: { fileSize: IMPORT_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 64 * 1024, parts: 7 },
}).single('file');

/** The archive to import (WordPress XML or a zip), streamed to a temporary file like an image upload. */
export const importUpload: RequestHandler = (req, res, next) => {
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
