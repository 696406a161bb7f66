import type { Request } from 'express';
import type { Repository } from '../db/storage.js';
import { createSlots } from '../images/decode-slots.js';
import { ImageRejectedError } from '../images/image-rejected.js';
import type { FocalPoint } from '../images/focal-crop.js';
import { originalPreview, processProfilePhoto, squareVariants } from '../images/profile-photo.js';
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
  let processed;
  try {
    processed = await decodeSlot(() => processProfilePhoto(path));
  } catch (error) {
    if (error instanceof ImageRejectedError) return imageRejection(error);
    throw error;
  }
  await repo.profiles.savePhoto(id_pessoa, processed.files, new Date().toISOString(), processed.original);
  await recordAudit(repo.audit, req, actor, 'enviou-foto', { detalhes: { id_pessoa } });
  return null;
}

/** False when the person had no photo. */
export async function removeProfilePhoto(repo: Repository, req: Request, actor: Actor, id_pessoa: number): Promise<boolean> {
  if (!(await repo.profiles.removePhoto(id_pessoa, new Date().toISOString()))) return false;
  await recordAudit(repo.audit, req, actor, 'removeu-foto', { detalhes: { id_pessoa } });
  return true;
}

/**
 * Cuts the person's square photo again around a new focal point (fractions 0-1 of the original), at new
 * hashed URLs: false when the person has no photo to cut (none, or one sent before originals were kept).
 */
export async function reframeProfilePhoto(repo: Repository, req: Request, actor: Actor, id_pessoa: number, foco: FocalPoint): Promise<boolean> {
  const kept = await repo.profiles.photoOriginal(id_pessoa);
  if (!kept) return false;
  const files = await decodeSlot(() => squareVariants(kept.photo, foco));
  if (!(await repo.profiles.reframePhoto(id_pessoa, foco, files, new Date().toISOString()))) return false;
  await recordAudit(repo.audit, req, actor, 'mudou-foco-da-foto', { detalhes: { id_pessoa, foco } });
  return true;
}

/** What the focal point control shows of the person's photo: its original small, its size and point; null when none is kept. */
export interface PhotoFocus {
  src: string;
  width: number;
  height: number;
  foco: FocalPoint | null;
}

export async function photoFocusOf(repo: Repository, id_pessoa: number, previewWidth: number): Promise<PhotoFocus | null> {
  const kept = await repo.profiles.photoOriginal(id_pessoa);
  if (!kept) return null;
  // Decoding the original holds as much memory as an upload does: it waits for the same slot.
  return { src: await decodeSlot(() => originalPreview(kept.photo, previewWidth)), width: kept.photo.width, height: kept.photo.height, foco: kept.foco };
}
