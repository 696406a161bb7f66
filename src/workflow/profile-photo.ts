import type { Request } from 'express';
import type { Repository } from '../db/storage.js';
import { createSlots } from '../images/decode-slots.js';
import { ImageRejectedError } from '../images/image-rejected.js';
import { processProfilePhoto } from '../images/profile-photo.js';
import { imageRejection } from '../images/rejection-message.js';
import { recordAudit, type Actor } from './audit-trail.js';

/** One photo decoded at a time by this process, like article uploads: a decode holds tens of megabytes. */
const decodeSlot = createSlots(1);

/**
 * Makes the square variants of an uploaded file and stores them as the person's photo: null when
 * saved, or the pipeline's refusal (not an image, too many pixels, broken) with its status.
 */
export async function saveProfilePhoto(
  repo: Repository,
  req: Request,
  actor: Actor,
  id_pessoa: number,
  path: string,
): Promise<null | { status: 413 | 415 | 422; message: string }> {
  let files;
  try {
    files = await decodeSlot(() => processProfilePhoto(path));
  } catch (error) {
    if (error instanceof ImageRejectedError) return imageRejection(error);
    throw error;
  }
  await repo.profiles.savePhoto(id_pessoa, files, new Date().toISOString());
  await recordAudit(repo.audit, req, actor, 'enviou-foto', { detalhes: { id_pessoa } });
  return null;
}

/** False when the person had no photo. */
export async function removeProfilePhoto(repo: Repository, req: Request, actor: Actor, id_pessoa: number): Promise<boolean> {
  if (!(await repo.profiles.removePhoto(id_pessoa, new Date().toISOString()))) return false;
  await recordAudit(repo.audit, req, actor, 'removeu-foto', { detalhes: { id_pessoa } });
  return true;
}
