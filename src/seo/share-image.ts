import { createHash } from 'node:crypto';
import type { Article } from '../db/repository.js';
import { articleImagePath } from '../images/image-urls.js';
import type { PageMeta } from './page-meta.js';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, type ShareImageText } from './share-image-svg.js';

/** Bump when the drawing changes: every article's share image then gets a new URL, and caches let go of the old. */
const SHARE_IMAGE_VERSION = 1;

/** compartilhar.{hash}.jpg: apart from upload names (slugs with one dot) and from the photo variants. */
export const SHARE_IMAGE_FILE_NAME = /^compartilhar\.[0-9a-f]{12}\.jpg$/;

/** The file name of an article's share image: it changes with what the image shows, so each URL is immutable. */
export function shareImageFile({ title, authors }: ShareImageText): string {
  const hash = createHash('sha256').update(JSON.stringify([SHARE_IMAGE_VERSION, title, authors])).digest('hex').slice(0, 12);
  return `compartilhar.${hash}.jpg`;
}

/** What an article's share image shows: its title and the names its byline signs (the author field without credits). */
export function articleShareText(article: Pick<Article, 'titulo' | 'autor'>, authors?: readonly { name: string }[]): ShareImageText {
  return { title: article.titulo, authors: authors ? authors.map((author) => author.name) : [article.autor] };
}

/** og:image and twitter:image of an article without a photo: its generated share image. */
export function generatedShareImage(id: number, text: ShareImageText): NonNullable<PageMeta['image']> {
  return {
    url: articleImagePath(id, shareImageFile(text)),
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    alt: `${text.title}: imagem com o título do artigo e o logotipo da Prontivo`,
  };
}
