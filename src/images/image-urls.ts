/** The spec's image URL (section 7): the master under its file name; variants sit beside it under hashed names. */
export const ARTICLE_IMAGE_PATH = '/assets/artigos/:id/:nome';

export function articleImagePath(id: number, nome: string): string {
  return `/assets/artigos/${id}/${encodeURIComponent(nome)}`;
}

/** A variant of a person's photo: public, under a hashed name (the author page and its JSON-LD link it). */
export const PROFILE_PHOTO_PATH = '/assets/perfis/:id/:arquivo';

export function profilePhotoPath(id_pessoa: number, arquivo: string): string {
  return `/assets/perfis/${id_pessoa}/${encodeURIComponent(arquivo)}`;
}
