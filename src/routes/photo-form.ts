import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import multer from 'multer';
import { LIMITS, MESSAGES } from '../lib/messages.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';

/** The photo form's file field. */
export const PHOTO_FIELD = 'foto';

/** Streamed to disk like the API's uploads, never held in memory; one folder per process. */
const upload = multer({
  storage: multer.diskStorage({ destination: join(tmpdir(), `fotos-de-perfil-${process.pid}`) }),
  limits: { fileSize: LIMITS.uploadBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
}).single(PHOTO_FIELD);

/**
 * The photo form (multipart: the only one of the profile pages), read after the origin check: the
 * uploaded file's path handed to `handle`, then deleted whatever happens; or why the form was refused.
 */
export async function withPostedPhoto<T>(req: Request, res: Response, handle: (path: string) => Promise<T>): Promise<T | { status: 400 | 413; message: string }> {
  const refused = await new Promise<{ status: 400 | 413; message: string } | null>((resolve, reject) =>
    upload(req, res, (error?: unknown) => {
      if (!error) resolve(null);
      else if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') resolve({ status: 413, message: MESSAGES.uploadTooLarge });
      else if (error instanceof multer.MulterError) resolve({ status: 400, message: PEOPLE_MESSAGES.photoFormBroken });
      else reject(error);
    }),
  );
  if (refused) return refused;
  const file = req.file;
  try {
    if (!file || file.size === 0) return { status: 400, message: PEOPLE_MESSAGES.photoMissing };
    return await handle(file.path);
  } finally {
    if (file) await rm(file.path, { force: true });
  }
}
