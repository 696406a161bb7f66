/** The spec's image URL (section 7): the master under its file name; variants sit beside it under hashed names. */
export const ARTICLE_IMAGE_PATH = '/assets/artigos/:id/:nome';

export function articleImagePath(id: number, nome: string): string {
  return `/assets/artigos/${id}/${encodeURIComponent(nome)}`;
}
