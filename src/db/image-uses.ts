import { articleImagePath } from '../images/image-urls.js';
import type { ImageUse } from './image-store.js';

/** What an article shows images through: its current text and main image, and those of a version awaiting review. */
export interface ArticleImageRefs {
  id: number;
  titulo: string;
  imagem_nome: string | null;
  conteudo: string;
  /** JSON PendingVersion, as stored. */
  pendente: string | null;
}

/** A name of an article that holds an image: the image's own (id_artigo, nome), or a link of another article. */
export interface ImageName {
  id_artigo: number;
  nome: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether the article's text or main image (current or awaiting review) shows the image under this name. */
function shows(article: ArticleImageRefs, nome: string): boolean {
  // The URL ends at a quote, a space, a query or the end; a backslash is a quote escaped in JSON.
  const url = new RegExp(`${escapeRegExp(articleImagePath(article.id, nome))}(?=["'\\s?#\\\\]|$)`);
  if (article.imagem_nome === nome || url.test(article.conteudo)) return true;
  if (!article.pendente) return false;
  const pending = JSON.parse(article.pendente) as { fields?: { imagem_nome?: string | null; conteudo?: string } };
  return pending.fields?.imagem_nome === nome || url.test(pending.fields?.conteudo ?? '');
}

/** The uses of an image among the names it has (its own and its links), in article order. */
export function imageUses(names: ImageName[], articles: ReadonlyMap<number, ArticleImageRefs>): ImageUse[] {
  const uses: ImageUse[] = [];
  for (const name of names) {
    const article = articles.get(name.id_artigo);
    if (article && shows(article, name.nome)) uses.push({ id_artigo: article.id, titulo: article.titulo, nome: name.nome });
  }
  return uses.sort((a, b) => a.id_artigo - b.id_artigo);
}
