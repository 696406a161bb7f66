import type { FocalPoint } from '../images/focal-crop.js';
import type { EncodedImageInput, PictureSet } from '../images/image-set.js';
import type { PhotoOriginal } from '../images/profile-photo.js';
import type { Profile } from '../people/credentials.js';
import type { ServedImage } from './image-store.js';

/** A person's public profile as stored: validated before it is saved (people/credentials.ts). */
export interface StoredProfile extends Profile {
  id_pessoa: number;
  atualizado_em: string;
  /** The square photo, when the person sent one: its variants at immutable URLs, the master the largest JPEG. */
  foto: PictureSet | null;
}

/** Public profiles: the people behind bylines. */
export interface ProfileStore {
  get(id_pessoa: number): Promise<StoredProfile | null>;
  bySlug(slug: string): Promise<StoredProfile | null>;
  /** The person's profile; when they have none, first one of `nome` alone under a slug of it no one else has. */
  ensure(id_pessoa: number, nome: string, now: string): Promise<StoredProfile>;
  /** Creates or replaces the person's profile; throws SlugTakenError when the slug is another person's. */
  save(id_pessoa: number, profile: Profile, now: string): Promise<StoredProfile>;
  /**
   * Replaces the person's photo by these variants, all at once (a person without a profile may have one),
   * and keeps the original they were cut from, without a focal point yet; dates the profile.
   */
  savePhoto(id_pessoa: number, files: EncodedImageInput[], now: string, original: PhotoOriginal): Promise<void>;
  /** The original the person's current photo was cut from, and its focal point; null without one. */
  photoOriginal(id_pessoa: number): Promise<{ photo: PhotoOriginal; foco: FocalPoint | null } | null>;
  /**
   * A new focal point and the variants cut around it, all at once; dates the profile. False (nothing
   * changed) when the person has no kept original.
   */
  reframePhoto(id_pessoa: number, foco: FocalPoint, files: EncodedImageInput[], now: string): Promise<boolean>;
  /** False when the person had no photo. */
  removePhoto(id_pessoa: number, now: string): Promise<boolean>;
  /** One variant of the person's current photo by its file name. */
  photoFile(id_pessoa: number, arquivo: string): Promise<ServedImage | null>;
}

export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`the profile address ${slug} is another person's`);
    this.name = 'SlugTakenError';
  }
}
