import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImageNameTakenError } from '../db/image-store.js';
import type { ImportJob } from '../db/import-store.js';
import type { Repository } from '../db/storage.js';
import type { DecodeQueue } from '../images/decode-queue.js';
import { EXTENSIONS } from '../images/encode-image.js';
import { toNewImageSet } from '../images/image-set-files.js';
import { ImageRejectedError } from '../images/image-rejected.js';
import { processImage, type ProcessedImage } from '../images/process-image.js';
import { withImageNames } from '../import/article-body.js';
import type { OpenedExport } from '../import/read-export.js';
import type { ArchiveFiles } from '../import/zip-archive.js';
import { LIMITS } from '../lib/messages.js';
import { slugify } from '../lib/slug.js';
import type { Logger } from '../logger.js';
import { archiveLookup, attachmentsOf, candidates, ignoredKinds, planItem, type ImportContext, type ItemReport, type PlannedArticle, type Signer } from './import-rules.js';

/** How often a running import writes its counts: often enough to watch, rarely enough to cost nothing. */
const PROGRESS_EVERY = 25;
/** Articles written per transaction: one commit (one fsync) for many posts, and little to redo after a crash. */
const ARTICLES_PER_BATCH = 50;
/** A batch holds its images' encoded files until it commits: photos close it early, so memory stays flat. */
const IMAGES_PER_BATCH = 20;

/** What a dry run or an import found, item by item. */
export interface ImportReport {
  origem: 'wordpress' | 'markdown';
  fonte: string;
  total: number;
  criar: number;
  existentes: number;
  recusados: number;
  /** Items that are not articles (attachments, menus), by kind. */
  ignorados: Record<string, number>;
  itens: ItemReport[];
}

export interface Importer {
  autor: string;
  id_pessoa: number | null;
}

export interface ImportServices {
  repo: Repository;
  decodes: DecodeQueue;
  logger: Logger;
}

export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function contextFor(repo: Repository, importer: Importer, opened: OpenedExport): ImportContext {
  const people = new Map<string, Promise<Signer | null>>();
  return {
    ...importer,
    attachments: attachmentsOf(opened.parsed),
    now: new Date().toISOString(),
    personByEmail(email) {
      let found = people.get(email);
      if (!found) {
        found = repo.people.findByEmail(email).then((person) => (person?.ativo ? { id: person.id, nome: person.nome } : null));
        people.set(email, found);
      }
      return found;
    },
  };
}

function emptyReport(opened: OpenedExport): ImportReport {
  return { origem: opened.parsed.origem, fonte: opened.parsed.fonte, total: 0, criar: 0, existentes: 0, recusados: 0, ignorados: ignoredKinds(opened.parsed), itens: [] };
}

function count(report: ImportReport, item: ItemReport): void {
  report.total += 1;
  if (item.acao === 'criar') report.criar += 1;
  else if (item.acao === 'existente') report.existentes += 1;
  else report.recusados += 1;
  report.itens.push(item);
}

/** The dry run: what the import would create, find already there, and refuse, with reasons. Nothing is written. */
export async function dryRun(repo: Repository, opened: OpenedExport, importer: Importer): Promise<ImportReport> {
  const { parsed, files } = opened;
  const items = candidates(parsed);
  const existing = await repo.imports.imported(parsed.fonte, items.map((item) => item.id_origem));
  const find = archiveLookup(files?.names ?? []);
  const context = contextFor(repo, importer, opened);
  const report = emptyReport(opened);
  for (const item of items) {
    const id = existing.get(item.id_origem);
    const { report: planned } = await planItem(item, parsed.fonte, find, context);
    count(report, id === undefined || planned.acao === 'recusar' ? planned : { ...planned, acao: 'existente', id_artigo: id });
  }
  return report;
}

/** A stored name per image, readable and distinct within the article, the same every time for the same file. */
function imageNames(images: { arquivo: string; processed: ProcessedImage | null }[]): (string | null)[] {
  const taken = new Set<string>();
  return images.map(({ arquivo, processed }) => {
    if (!processed) return null;
    const base = slugify(arquivo.split('/').at(-1)!.replace(/\.[^.]+$/, '')).slice(0, 100) || 'imagem';
    const extension = EXTENSIONS[processed.master.format];
    let name = `${base}.${extension}`;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}.${extension}`;
    taken.add(name);
    return name;
  });
}

/** Decodes and encodes one archive image with the upload pipeline; null (and a warning) when refused. */
async function processArchiveImage(services: ImportServices, files: ArchiveFiles, arquivo: string, avisos: string[]): Promise<ProcessedImage | null> {
  const bytes = await files.read(arquivo, LIMITS.uploadBytes);
  if (!bytes) {
    avisos.push(`A imagem ${arquivo} passa de 10 MB e não foi trazida.`);
    return null;
  }
  const folder = await mkdtemp(join(tmpdir(), 'importacao-'));
  try {
    const path = join(folder, 'imagem');
    await writeFile(path, bytes);
    return await services.decodes.run(() => processImage(path));
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    avisos.push(`A imagem ${arquivo} não pôde ser lida como foto e foi deixada de fora.`);
    return null;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** An image that could not be stored leaves no broken address behind. */
const withoutImage = (html: string, index: number) =>
  html.replace(new RegExp(`(?:<p>)?<img [^>]*src="/assets/artigos/0/importacao-${index}"[^>]*>(?:</p>)?`, 'g'), '');

/** An accepted item on its way to storage: its images processed, its body waiting for the article's id. */
interface PendingArticle {
  planned: PlannedArticle;
  report: ItemReport;
  /** The body's images, then the main image when the body does not hold it already. */
  images: { arquivo: string; processed: ProcessedImage | null }[];
  names: (string | null)[];
  html: string;
}

/** Processes an accepted item's images (body and main image) with the upload pipeline, and names them. */
async function prepareArticle(services: ImportServices, files: ArchiveFiles | null, planned: PlannedArticle, report: ItemReport): Promise<PendingArticle> {
  const wanted = planned.body.images.map(({ arquivo }) => arquivo);
  if (planned.imagem && !wanted.includes(planned.imagem.arquivo)) wanted.push(planned.imagem.arquivo);
  const images: PendingArticle['images'] = [];
  for (const arquivo of wanted) images.push({ arquivo, processed: files ? await processArchiveImage(services, files, arquivo, report.avisos) : null });
  const names = imageNames(images);
  let html = planned.body.html;
  names.slice(0, planned.body.images.length).forEach((name, index) => {
    if (name === null) html = withoutImage(html, index);
  });
  const main = planned.imagem ? wanted.indexOf(planned.imagem.arquivo) : -1;
  const processed = images[main]?.processed;
  const nome = names[main];
  if (planned.imagem && processed && nome) {
    planned.article.imagem = { nome, caption: planned.imagem.caption, ...(planned.imagem.alt ? { alt: planned.imagem.alt } : {}), width: processed.master.width, height: processed.master.height };
  }
  return { planned, report, images, names, html };
}

/**
 * Stores a batch of articles with their sources in one transaction, then their images (named as their
 * bodies say). An item imported already (an earlier run, another instance) keeps its article and gets
 * the images that run did not store.
 */
async function storeBatch(services: ImportServices, batch: PendingArticle[], jobId: number, report: ImportReport): Promise<void> {
  const outcomes = await services.repo.imports.createArticles(
    batch.map(({ planned, names, html }) => ({ article: planned.article, source: planned.source, contentFor: (id: number) => withImageNames(html, id, names.map((name) => name ?? '')) })),
    jobId,
  );
  for (const [index, pending] of batch.entries()) {
    const outcome = outcomes[index]!;
    for (const [at, name] of pending.names.entries()) {
      const image = pending.images[at]!.processed;
      if (!name || !image) continue;
      try {
        await services.repo.images.saveImageSet(toNewImageSet(outcome.id, name, image));
      } catch (error) {
        // Stored by an earlier, interrupted run of this import.
        if (!(error instanceof ImageNameTakenError)) throw error;
      }
    }
    count(report, { ...pending.report, acao: outcome.created ? 'criar' : 'existente', id_artigo: outcome.id });
  }
}

/** The images an earlier run created the article with but did not get to store (it was interrupted between the two). */
async function missingImages(repo: Repository, id: number): Promise<boolean> {
  const article = await repo.articles.get(id);
  if (!article) return false;
  const stored = new Set((await repo.images.imageSets([id])).map((set) => set.nome));
  const used = [...article.conteudo.matchAll(new RegExp(`/assets/artigos/${id}/([^"\\s]+)`, 'g'))].map((match) => decodeURIComponent(match[1]!));
  if (article.imagem_nome) used.push(article.imagem_nome);
  return used.some((name) => !stored.has(name));
}

/**
 * Imports an export: each item is planned by the rules and, when accepted and not imported before,
 * stored with its source, a batch of articles per transaction (far fewer commits than one per post),
 * then its images. An item already imported (this file before, another instance, a run that was
 * interrupted) is left as it is, its missing images stored: the same file twice creates nothing new,
 * and an interrupted import resumes where it stopped (at worst redoing the batch it was in). The job's
 * counts move as it goes.
 */
export async function runImport(services: ImportServices, opened: OpenedExport, job: ImportJob, importer: Importer): Promise<ImportReport> {
  const { repo, logger } = services;
  const { parsed, files } = opened;
  const items = candidates(parsed);
  const existing = await repo.imports.imported(parsed.fonte, items.map((item) => item.id_origem));
  const find = archiveLookup(files?.names ?? []);
  const context = contextFor(repo, importer, opened);
  const report = emptyReport(opened);
  const progress = (done: boolean) => repo.imports.progress(job.id, { feitos: report.total, recusados: report.recusados }, done, new Date().toISOString());
  let batch: PendingArticle[] = [];
  let reported = 0;
  const flush = async () => {
    if (batch.length > 0) await storeBatch(services, batch, job.id, report);
    batch = [];
    if (report.total - reported >= PROGRESS_EVERY) {
      reported = report.total;
      await progress(false);
    }
  };
  for (const item of items) {
    const { report: itemReport, planned } = await planItem(item, parsed.fonte, find, context);
    const known = existing.get(item.id_origem);
    if (!planned) count(report, itemReport);
    else if (known !== undefined && !(files && (await missingImages(repo, known)))) count(report, { ...itemReport, acao: 'existente', id_artigo: known });
    else batch.push(await prepareArticle(services, files, planned, itemReport));
    const images = batch.reduce((sum, pending) => sum + pending.images.length, 0);
    if (batch.length >= ARTICLES_PER_BATCH || images >= IMAGES_PER_BATCH || (batch.length === 0 && report.total - reported >= PROGRESS_EVERY)) await flush();
  }
  await flush();
  await progress(true);
  logger.info({ id_importacao: job.id, criados: report.criar, existentes: report.existentes, recusados: report.recusados }, 'importação concluída');
  return report;
}
