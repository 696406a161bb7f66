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
import { archiveLookup, candidates, ignoredKinds, planItem, type ImportContext, type ItemReport, type PlannedArticle, type Signer } from './import-rules.js';

/** How often a running import writes its counts: often enough to watch, rarely enough to cost nothing. */
const PROGRESS_EVERY = 25;

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

function contextFor(repo: Repository, importer: Importer): ImportContext {
  const people = new Map<string, Promise<Signer | null>>();
  return {
    ...importer,
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
  const context = contextFor(repo, importer);
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

/** Stores one planned article and its archive images; the images go after the article, named as its body says. */
async function storeArticle(services: ImportServices, files: ArchiveFiles | null, planned: PlannedArticle, jobId: number, avisos: string[]): Promise<{ id: number; created: boolean }> {
  const processed: { arquivo: string; processed: ProcessedImage | null }[] = [];
  for (const { arquivo } of planned.body.images) processed.push({ arquivo, processed: files ? await processArchiveImage(services, files, arquivo, avisos) : null });
  const names = imageNames(processed);
  let html = planned.body.html;
  names.forEach((name, index) => {
    if (name === null) html = withoutImage(html, index);
  });
  const outcome = await services.repo.imports.createArticle(planned.article, planned.source, jobId, (id) => withImageNames(html, id, names.map((name) => name ?? '')));
  for (const [index, name] of names.entries()) {
    const image = processed[index]!.processed;
    if (!name || !image) continue;
    try {
      await services.repo.images.saveImageSet(toNewImageSet(outcome.id, name, image));
    } catch (error) {
      // Stored by an earlier, interrupted run of this import.
      if (!(error instanceof ImageNameTakenError)) throw error;
    }
  }
  return outcome;
}

/** The images an earlier run created the article with but did not get to store (it was interrupted between the two). */
async function missingImages(repo: Repository, id: number): Promise<boolean> {
  const article = await repo.articles.get(id);
  if (!article) return false;
  const stored = new Set((await repo.images.imageSets([id])).map((set) => set.nome));
  const used = [...article.conteudo.matchAll(new RegExp(`/assets/artigos/${id}/([^"\\s]+)`, 'g'))].map((match) => decodeURIComponent(match[1]!));
  return used.some((name) => !stored.has(name));
}

/**
 * Imports an export: each item is planned by the rules and, when accepted and not imported before,
 * stored with its source in one transaction, then its images. An item already imported (this file
 * before, another instance, a run that was interrupted) is left as it is, its missing images stored: the
 * same file twice creates nothing new, and an interrupted import resumes where it stopped. The job's
 * counts move as it goes.
 */
export async function runImport(services: ImportServices, opened: OpenedExport, job: ImportJob, importer: Importer): Promise<ImportReport> {
  const { repo, logger } = services;
  const { parsed, files } = opened;
  const items = candidates(parsed);
  const existing = await repo.imports.imported(parsed.fonte, items.map((item) => item.id_origem));
  const find = archiveLookup(files?.names ?? []);
  const context = contextFor(repo, importer);
  const report = emptyReport(opened);
  const progress = (done: boolean) => repo.imports.progress(job.id, { feitos: report.total, recusados: report.recusados }, done, new Date().toISOString());
  for (const item of items) {
    const { report: itemReport, planned } = await planItem(item, parsed.fonte, find, context);
    const known = existing.get(item.id_origem);
    if (!planned) count(report, itemReport);
    else if (known !== undefined && !(files && (await missingImages(repo, known)))) count(report, { ...itemReport, acao: 'existente', id_artigo: known });
    else {
      const { id, created } = await storeArticle(services, files, planned, job.id, itemReport.avisos);
      count(report, { ...itemReport, acao: created ? 'criar' : 'existente', id_artigo: id });
    }
    if (report.total % PROGRESS_EVERY === 0) await progress(false);
  }
  await progress(true);
  logger.info({ id_importacao: job.id, criados: report.criar, existentes: report.existentes, recusados: report.recusados }, 'importação concluída');
  return report;
}
