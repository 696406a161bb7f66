import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { isMarkdownPath, parseMarkdownFile } from './markdown-files.js';
import type { ParsedExport, SourceItem } from './source-item.js';
import { looksLikeWxr, parseWxr } from './wxr.js';
import { isZip, openZip, type ArchiveFiles } from './zip-archive.js';

/** A Markdown file or a WordPress export read from a zip: far more than any article, far less than the memory. */
const MAX_TEXT_BYTES = 64 * 1024 * 1024;

export class UnreadableExportError extends Error {
  constructor(readonly reason: 'formato' | 'vazio') {
    super(`unreadable export: ${reason}`);
    this.name = 'UnreadableExportError';
  }
}

/** An export and the files that came with it (the zip's images), to close once the import is done. */
export interface OpenedExport {
  parsed: ParsedExport;
  files: ArchiveFiles | null;
}

async function head(path: string): Promise<Buffer> {
  const file = await open(path);
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

async function fromZip(files: ArchiveFiles): Promise<ParsedExport> {
  for (const name of files.names.filter((candidate) => /\.xml$/i.test(candidate))) {
    const bytes = await files.read(name, MAX_TEXT_BYTES);
    if (bytes && looksLikeWxr(bytes.subarray(0, 4096).toString('utf8'))) return await parseWxr([bytes]);
  }
  const items: SourceItem[] = [];
  for (const name of files.names.filter(isMarkdownPath).sort()) {
    const bytes = await files.read(name, MAX_TEXT_BYTES);
    if (bytes) items.push(parseMarkdownFile(name, bytes.toString('utf8')));
  }
  return { origem: 'markdown', fonte: 'markdown', items };
}

/**
 * The uploaded file as an export: a WordPress export (XML), or a zip holding either a WordPress export
 * with its uploads folder, or Markdown files with their images. UnreadableExportError otherwise.
 */
export async function readExport(path: string): Promise<OpenedExport> {
  const start = await head(path);
  if (isZip(start)) {
    const files = await openZip(path);
    try {
      const parsed = await fromZip(files);
      if (parsed.items.length === 0) throw new UnreadableExportError('vazio');
      return { parsed, files };
    } catch (error) {
      files.close();
      throw error;
    }
  }
  if (!looksLikeWxr(start.toString('utf8'))) throw new UnreadableExportError('formato');
  return { parsed: await parseWxr(createReadStream(path, { highWaterMark: 256 * 1024 })), files: null };
}
