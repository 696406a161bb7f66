import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';
import { toNewImageSet } from '../images/image-set-files.js';
import type { NewArticle } from './repository.js';
import type { Repository } from './storage.js';
import { processSeedImage, readSeedArticles, readSeedBody, seedDirectory } from './seed.js';

/** One article in this many has a main image (its photo's whole set is stored again for each). */
const WITH_IMAGE_EVERY = 500;
const ARTICLES_PER_IMPORT = 1_000;
const HOUR_MS = 3_600_000;

/**
 * Imports in flight at once. On PostgreSQL the database's trigger, not this process, takes most of an
 * import (the text's search vectors: 1.9 s of each thousand articles' 3.3 s): a second import keeps the
 * other core busy. The embedded database takes one write at a time; a second import only waits its turn.
 */
const IMPORTS_IN_FLIGHT = 2;

/**
 * `npm run seed -- --artigos N`: N published articles for measuring a site with years of news. Each
 * takes the text of a sample article (pt-BR, 600 to 850 words) under its own title and URL, one hour
 * after the previous one and ending now, with its topics, sanitised and stored as the API stores them. Calls
 * `progress` after each thousand, and merges the search index at the end.
 */
export async function seedGeneratedArticles(
  repo: Repository,
  count: number,
  progress: (done: number) => void = () => undefined,
  now = Date.now(),
): Promise<void> {
  const dir = seedDirectory();
  const samples = readSeedArticles(dir).map((entry) => ({ entry, conteudo: sanitizeArticleHtml(readSeedBody(dir, entry)) }));
  let done = 0;
  const importFrom = async (first: number) => {
    const batch: NewArticle[] = [];
    const photos: Array<{ index: number; nome: string }> = [];
    for (let index = first; index < Math.min(count, first + ARTICLES_PER_IMPORT); index += 1) {
      const { entry, conteudo } = samples[index % samples.length]!;
      const number = index + 1;
      const withImage = index % WITH_IMAGE_EVERY === 0;
      if (withImage) photos.push({ index: index - first, nome: entry.imagem.nome });
      batch.push({
        titulo: `${entry.titulo} (${number})`,
        titulo_url: `${entry.titulo_url}-${number}`,
        descricao: entry.descricao,
        keywords: entry.keywords,
        conteudo,
        autor: entry.autor,
        temas: entry.temas,
        ...(withImage ? { imagem: entry.imagem } : {}),
        data_publicacao: new Date(now - (count - number) * HOUR_MS).toISOString(),
      });
    }
    const ids = await repo.articles.importArticles(batch);
    for (const { index, nome } of photos) {
      await repo.images.saveImageSet(toNewImageSet(ids[index]!, nome, await processSeedImage(dir, nome)));
    }
    done += batch.length;
    progress(done);
  };
  // Each line takes the next thousand until none is left; the first failure stops every line.
  let next = 0;
  let failed = false;
  const line = async () => {
    for (let first = next; first < count && !failed; first = next) {
      next += ARTICLES_PER_IMPORT;
      await importFrom(first).catch((error: unknown) => {
        failed = true;
        throw error;
      });
    }
  };
  await Promise.all(Array.from({ length: IMPORTS_IN_FLIGHT }, line));
  await repo.search.compactSearchIndex();
}
