import { ImageInUseError, type ImageChange, type LibraryImage } from '../db/image-store.js';
import type { StoredArticle } from '../db/repository.js';
import type { Repository } from '../db/storage.js';
import { createSlots } from '../images/decode-slots.js';
import type { FocalPoint } from '../images/focal-crop.js';
import type { ImageSet } from '../images/image-set.js';
import { hashedFile } from '../images/image-set-files.js';
import { socialFromMaster } from '../images/social-crop.js';
import { ApiError } from '../lib/api-error.js';
import { LIBRARY_PAGE_SIZE } from '../lib/library-page-size.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import type { Editor } from './editor-auth.js';
import { assertMay } from './permissions.js';

export const MEDIA_MESSAGES = {
  notFound: 'Imagem não encontrada.',
  articleNotFound: 'Artigo não encontrado.',
  inUse: 'A imagem está em uso e não pode ser apagada. Tire-a destes artigos primeiro:',
  focusSaved: 'Ponto focal salvo: os recortes foram refeitos.',
  textsSaved: 'Textos padrão salvos.',
  deleted: 'Imagem apagada.',
} as const;

/**
 * The library shows every article's images: a colaborador, who reads only their own articles, would see
 * other people's drafts through it, so it is everyone's but theirs (they keep uploading to their own).
 */
export function assertMayUseLibrary(editor: Pick<Editor, 'role'>): void {
  if (editor.role === 'colaborador') throw new ApiError(403, PEOPLE_MESSAGES.forbidden);
}

const normalise = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/**
 * One page of the library, newest first, or of the images whose name, default texts or article (own or
 * linked) hold every word of the query, with how many were found in all.
 */
export async function searchLibrary(repo: Repository, query: string, pagina = 1): Promise<{ total: number; images: LibraryImage[] }> {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  const found = (await repo.images.libraryIndex()).filter((entry) => {
    const text = normalise([entry.nome, entry.alt_padrao ?? '', entry.legenda_padrao ?? '', ...entry.titulos].join(' '));
    return words.every((word) => text.includes(word));
  });
  const page = found.slice((pagina - 1) * LIBRARY_PAGE_SIZE, pagina * LIBRARY_PAGE_SIZE);
  return { total: found.length, images: await repo.images.libraryImages(page.map((entry) => entry.id)) };
}

/** An image to change: the owner of its article, or whoever may add images to any article. */
async function changeableImage(repo: Repository, editor: Editor, id: number): Promise<LibraryImage> {
  assertMayUseLibrary(editor);
  const image = await repo.images.libraryImage(id);
  if (!image) throw new ApiError(404, MEDIA_MESSAGES.notFound);
  const article = await repo.articles.get(image.id_artigo);
  assertMay(editor, 'enviar-imagem', article ?? undefined);
  return image;
}

/** Re-crops at once: one (a master of at most 2560 px, about 0.1 s), so a burst of clicks never holds many decoded photos. */
const recrop = createSlots(1);

/**
 * Sets the focal point and re-makes the crops that depend on it (the share image, under a new hashed
 * name, so every page showing the image points at the new file and caches let go of the old one).
 */
export async function changeImage(
  repo: Repository,
  editor: Editor,
  id: number,
  change: { foco?: FocalPoint; alt_padrao?: string | null; legenda_padrao?: string | null },
): Promise<LibraryImage> {
  await changeableImage(repo, editor, id);
  const update: ImageChange = { ...change };
  if (change.foco) {
    const foco = change.foco;
    const master = await repo.images.imageMaster(id);
    if (!master) throw new ApiError(404, MEDIA_MESSAGES.notFound);
    const social = await recrop(() => socialFromMaster(master.bytes, foco));
    const base = master.nome.slice(0, master.nome.lastIndexOf('.'));
    update.social = hashedFile(base, 'social', { format: 'jpeg', ...social });
  }
  if (!(await repo.images.updateImage(id, update))) throw new ApiError(404, MEDIA_MESSAGES.notFound);
  return (await repo.images.libraryImage(id))!;
}

/** Deletes an unused image; one in use is refused (409) with the articles that show it. */
export async function deleteLibraryImage(repo: Repository, editor: Editor, id: number): Promise<LibraryImage> {
  const image = await changeableImage(repo, editor, id);
  try {
    await repo.images.deleteImage(id);
  } catch (error) {
    if (error instanceof ImageInUseError) throw new ApiError(409, [MEDIA_MESSAGES.inUse, ...error.usos.map((use) => `${use.titulo} (artigo ${use.id_artigo})`)]);
    throw error;
  }
  return image;
}

/** What inserting an image of the library into an article gives: its set under the article, with the default texts. */
export interface InsertedImage {
  set: ImageSet;
  alt: string;
  legenda: string;
}

/** Makes an image of the library the article's to show (no upload, no copy), for its text or as its main image. */
export async function insertLibraryImage(repo: Repository, editor: Editor, article: StoredArticle | null, id_imagem: number): Promise<InsertedImage> {
  assertMayUseLibrary(editor);
  if (!article) throw new ApiError(404, MEDIA_MESSAGES.articleNotFound);
  assertMay(editor, 'enviar-imagem', article);
  const [image, linked] = await Promise.all([repo.images.libraryImage(id_imagem), repo.images.linkImage(article.id, id_imagem)]);
  if (!image || !linked) throw new ApiError(404, MEDIA_MESSAGES.notFound);
  const set = (await repo.images.imageSets([article.id])).find((candidate) => candidate.nome === linked.nome)!;
  return { set, alt: image.alt_padrao ?? '', legenda: image.legenda_padrao ?? '' };
}
