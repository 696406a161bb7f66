import type { RequestHandler } from 'express';
import multer from 'multer';
import { ApiError } from './api-error.js';
import { LIMITS, MESSAGES } from './messages.js';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LIMITS.uploadBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
}).single('file');

/**
 * The multipart form of spec section 7 (file, filename, id_artigo, key), held in memory: nothing
 * touches the disk, and storage sees the bytes only after every check passed.
 */
export const imageUpload: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) {
    next(new ApiError(415, MESSAGES.uploadNotMultipart));
    return;
  }
  upload(req, res, (error?: unknown) => {
    if (!error || error instanceof multer.MulterError) {
      next(error);
      return;
    }
    // Anything else from the parser is a malformed form, not a fault of ours.
    next(new ApiError(400, MESSAGES.uploadNotMultipart));
  });
};
