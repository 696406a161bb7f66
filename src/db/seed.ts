import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';
import type { Logger } from '../logger.js';
import type { ArticleRepository } from './repository.js';

/**
 * Sample articles for a fresh site (seed/artigos.json, seed/conteudo, seed/imagens), so the news pages
 * are never empty on a first start. Publication dates are relative to today, spread over past months.
 */

const SeedEntry = z.object({
  arquivo: z.string().regex(/^[a-z0-9-]+\.html$/),
  titulo: z.string().min(1),
  titulo_url: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  descricao: z.string().min(1),
  keywords: z.string(),
  autor: z.string().min(1),
  dias_atras: z.number().int().min(0),
  imagem: z.object({
    nome: z.string().regex(/^[a-z0-9-]+\.png$/),
    caption: z.string().min(1),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
});

export type SeedArticle = z.infer<typeof SeedEntry>;

const DAY_MS = 86_400_000;

/** The seed/ folder, found from this module whether it runs from src/ or from the built dist/server/. */
export function seedDirectory(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'seed', 'artigos.json'))) return join(dir, 'seed');
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const fromCwd = join(process.cwd(), 'seed');
  if (existsSync(join(fromCwd, 'artigos.json'))) return fromCwd;
  throw new Error('pasta seed/ com artigos.json não encontrada');
}

export function readSeedArticles(dir = seedDirectory()): SeedArticle[] {
  return z.array(SeedEntry).parse(JSON.parse(readFileSync(join(dir, 'artigos.json'), 'utf8')));
}

/** Inserts every sample article with its image, oldest first so ids grow with dates. Returns how many. */
export async function seedSampleArticles(repo: ArticleRepository, now = new Date()): Promise<number> {
  const dir = seedDirectory();
  const entries = readSeedArticles(dir).sort((a, b) => b.dias_atras - a.dias_atras);
  const noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
  for (const entry of entries) {
    const published = new Date(Math.min(noon - entry.dias_atras * DAY_MS, now.getTime()));
    const id = await repo.create({
      titulo: entry.titulo,
      titulo_url: entry.titulo_url,
      descricao: entry.descricao,
      keywords: entry.keywords,
      conteudo: sanitizeArticleHtml(readFileSync(join(dir, 'conteudo', entry.arquivo), 'utf8').trim()),
      autor: entry.autor,
      imagem: entry.imagem,
      data_publicacao: published.toISOString(),
    });
    await repo.saveImage({
      id_artigo: id,
      nome: entry.imagem.nome,
      content_type: 'image/png',
      bytes: readFileSync(join(dir, 'imagens', entry.imagem.nome)),
    });
  }
  return entries.length;
}

/** First start of the embedded database: seed only when it holds no article at all. */
export async function seedIfEmpty(repo: ArticleRepository, logger: Logger): Promise<void> {
  if (repo.kind !== 'sqlite') return;
  if ((await repo.count()) > 0) return;
  const count = await seedSampleArticles(repo);
  logger.info({ count }, 'banco vazio: artigos de exemplo inseridos');
}
