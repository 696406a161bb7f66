import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createSlots } from '../images/decode-slots.js';
import { toNewImageSet } from '../images/image-set-files.js';
import type { ProcessedImage } from '../images/process-image.js';
import { processImageCached } from '../images/processed-cache.js';
import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';
import type { Logger } from '../logger.js';
import type { Repository } from './storage.js';

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
  /** One to five topics, as an editor gives them: the news pages list them and link their pages. */
  temas: z.array(z.string().min(1)).min(1).max(5),
  autor: z.string().min(1),
  dias_atras: z.number().int().min(0),
  imagem: z.object({
    nome: z.string().regex(/^[a-z0-9-]+\.jpg$/),
    caption: z.string().min(1),
    /** The photo's size; at most 2560 px on its longest side, so the pipeline keeps it. */
    width: z.number().int().positive().max(2560),
    height: z.number().int().positive().max(2560),
  }),
});

export type SeedArticle = z.infer<typeof SeedEntry>;

/** Seed bodies point at their own uploads as /assets/artigos/{id}/nome.jpg; the id is known only when seeding. */
const BODY_IMAGE = /\/assets\/artigos\/\{id\}\/([a-z0-9-]+\.jpg)/g;

/** The photos a seed body shows, besides the main one: every file its {id} image URLs name. */
export function seedBodyImages(html: string): string[] {
  return [...new Set([...html.matchAll(BODY_IMAGE)].map((match) => match[1]!))];
}

export function seedBody(html: string, id: number): string {
  return html.replaceAll('/assets/artigos/{id}/', `/assets/artigos/${id}/`);
}

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

/** Photos being processed, so one asked for twice is encoded once; done ones are read from the disk cache. */
const inFlightRegistry = new Map<string, Promise<ProcessedImage>>();
/** Two photos encoded at once, like uploads: both cores busy, memory bounded. */
const seedSlot = createSlots(2);
const SEED_CACHE_DIR = join(tmpdir(), 'prontivo-imagens-de-exemplo');

/**
 * A sample image through the upload pipeline, cached on disk by content: tests and benchmarks seed
 * many databases from the same files, and a first start pays for it once.
 */
export function processSeedImage(dir: string, nome: string): Promise<ProcessedImage> {
  const path = join(dir, 'imagens', nome);
  let pending = inFlightRegistry.get(path);
  if (!pending) {
    pending = seedSlot(() => processImageCached(path, SEED_CACHE_DIR));
    inFlightRegistry.set(path, pending);
    const forget = () => inFlightRegistry.delete(path);
    pending.then(forget, forget);
  }
  return pending;
}

export function readSeedBody(dir: string, entry: SeedArticle): string {
  return readFileSync(join(dir, 'conteudo', entry.arquivo), 'utf8').trim();
}

/** Processes every sample photo (main and body images), two at a time; resolves when all are ready. */
export async function prepareSeedImages(dir = seedDirectory()): Promise<void> {
  const names = readSeedArticles(dir).flatMap((entry) => [entry.imagem.nome, ...seedBodyImages(readSeedBody(dir, entry))]);
  await Promise.all(names.map((nome) => processSeedImage(dir, nome)));
}

/**
 * Inserts every sample article, oldest first so ids grow with dates, and returns how many with a
 * function that stores their photos (main and body images) through the pipeline.
 */
async function createSampleArticles(repo: Repository, now: Date): Promise<{ count: number; storePhotos: () => Promise<void> }> {
  const dir = seedDirectory();
  const entries = readSeedArticles(dir).sort((a, b) => b.dias_atras - a.dias_atras);
  const noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
  // Every photo starts processing now, while the articles are inserted.
  prepareSeedImages(dir).catch(() => undefined);
  const photos: Array<{ id: number; nome: string }> = [];
  for (const entry of entries) {
    const published = new Date(Math.min(noon - entry.dias_atras * DAY_MS, now.getTime()));
    const html = readSeedBody(dir, entry);
    // Seeding runs alone on its database, so the previewed id is the one create() gives.
    const expectedId = await repo.articles.nextId();
    const id = await repo.articles.create({
      titulo: entry.titulo,
      titulo_url: entry.titulo_url,
      descricao: entry.descricao,
      keywords: entry.keywords,
      temas: entry.temas,
      conteudo: sanitizeArticleHtml(seedBody(html, expectedId)),
      autor: entry.autor,
      imagem: entry.imagem,
      data_publicacao: published.toISOString(),
    });
    if (id !== expectedId) throw new Error(`semeadura concorrente: esperava o artigo ${expectedId}, veio ${id}`);
    for (const nome of [entry.imagem.nome, ...seedBodyImages(html)]) photos.push({ id, nome });
  }
  const storePhotos = async () => {
    for (const { id, nome } of photos) await repo.images.saveImageSet(toNewImageSet(id, nome, await processSeedImage(dir, nome)));
  };
  return { count: entries.length, storePhotos };
}

/** Inserts every sample article with its photos processed and stored. Returns how many. */
export async function seedSampleArticles(repo: Repository, now = new Date()): Promise<number> {
  const { count, storePhotos } = await createSampleArticles(repo, now);
  await storePhotos();
  return count;
}

/**
 * First start of the embedded database: seed only when it holds no article at all. The articles are
 * there before the server listens; their photos follow in the background (about 30 photos through
 * the whole pipeline, tens of seconds the first time), and pages show an article without its photo
 * until then.
 */
export async function seedIfEmpty(repo: Repository, logger: Logger): Promise<{ photos: Promise<void> }> {
  if (repo.kind !== 'sqlite' || (await repo.articles.count()) > 0) return { photos: Promise.resolve() };
  const { count, storePhotos } = await createSampleArticles(repo, new Date());
  logger.info({ count }, 'banco vazio: artigos de exemplo inseridos; fotos em processamento');
  const photos = storePhotos().then(
    () => logger.info({ count }, 'fotos dos artigos de exemplo prontas'),
    (error: unknown) => logger.warn({ err: error }, 'fotos dos artigos de exemplo não foram gravadas'),
  );
  return { photos };
}
