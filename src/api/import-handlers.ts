import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportJob } from '../db/import-store.js';
import type { Repository } from '../db/storage.js';
import { readExport, UnreadableExportError, type OpenedExport } from '../import/read-export.js';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import { dryRun, fileSha256, runImport, type ImportReport } from '../workflow/archive-import.js';
import { candidates } from '../workflow/import-rules.js';
import { recordAudit } from '../workflow/audit-trail.js';
import type { EditorContext } from './api-context.js';

export const IMPORT_API_MESSAGES = {
  unreadable: 'O arquivo não é uma exportação do WordPress (XML) nem um zip com arquivos Markdown.',
  empty: 'O zip não tem nenhum arquivo Markdown nem exportação do WordPress.',
  running: 'Este arquivo já está sendo importado: acompanhe o andamento.',
  notFound: 'Importação não encontrada.',
} as const;

/** The imports running on this instance, and the reports of those that ran here (the job's counts are in the database). */
const runRegistry = new WeakMap<Repository, Map<number, { report: ImportReport | null }>>();

function runsOf(repo: Repository) {
  let runs = runRegistry.get(repo);
  if (!runs) {
    runs = new Map<number, { report: ImportReport | null }>();
    runRegistry.set(repo, runs);
  }
  return runs;
}

async function open(path: string): Promise<OpenedExport> {
  try {
    return await readExport(path);
  } catch (error) {
    if (error instanceof UnreadableExportError) throw new ApiError(422, error.reason === 'vazio' ? IMPORT_API_MESSAGES.empty : IMPORT_API_MESSAGES.unreadable);
    throw new ApiError(422, IMPORT_API_MESSAGES.unreadable);
  }
}

function uploaded(req: EditorContext['req']) {
  if (!req.file) throw new ApiError(400, MESSAGES.uploadFileMissing);
  return req.file;
}

const importer = (editor: EditorContext['editor']) => ({ autor: editor.author, id_pessoa: editor.personId });

/** POST /importacoes/previa: the dry run, nothing written. */
export async function previewImport(_input: unknown, { repo, editor, req }: EditorContext): Promise<ImportReport> {
  const opened = await open(uploaded(req).path);
  try {
    return await dryRun(repo, opened, importer(editor));
  } finally {
    opened.files?.close();
  }
}

/**
 * POST /importacoes: starts the import, or resumes the unfinished one of the same file, and answers at
 * once with the job; it runs on in this instance, its counts in the database as it goes.
 */
export async function startImport(_input: unknown, { repo, editor, req, logger, decodes }: EditorContext): Promise<ImportJob> {
  const file = uploaded(req);
  // The endpoint deletes its upload when the handler returns: the import keeps its own copy until it ends.
  const folder = await mkdtemp(join(tmpdir(), 'importacao-'));
  const path = join(folder, 'arquivo');
  await rename(file.path, path);
  let handedOver = false;
  let opened: OpenedExport | null = null;
  try {
    opened = await open(path);
    const sha256 = await fileSha256(path);
    const job = await repo.imports.openJob(
      { origem: opened.parsed.origem, arquivo: file.originalname.slice(0, 200), sha256, total: candidates(opened.parsed).length, autor: editor.author, id_pessoa: editor.personId },
      new Date().toISOString(),
    );
    const runs = runsOf(repo);
    if (runs.get(job.id)?.report === null) throw new ApiError(409, IMPORT_API_MESSAGES.running);
    const run = { report: null as ImportReport | null };
    runs.set(job.id, run);
    await recordAudit(repo.audit, req, editor, 'importou', { detalhes: { id_importacao: job.id, arquivo: job.arquivo, origem: job.origem } });
    const started = opened;
    void runImport({ repo, decodes, logger }, started, job, importer(editor))
      .then((report) => {
        run.report = report;
      })
      .catch((error: unknown) => {
        runs.delete(job.id);
        logger.error({ err: error, id_importacao: job.id }, 'importação interrompida');
      })
      .finally(() => {
        started.files?.close();
        void rm(folder, { recursive: true, force: true });
      });
    handedOver = true;
    return job;
  } finally {
    if (!handedOver) {
      opened?.files?.close();
      await rm(folder, { recursive: true, force: true });
    }
  }
}

/** GET /importacoes/:id: the job's counts, and its report when it ran on this instance. */
export async function getImport({ params: { id } }: { params: { id: number } }, { repo }: EditorContext): Promise<ImportJob & { relatorio: ImportReport | null }> {
  const job = await repo.imports.job(id);
  if (!job) throw new ApiError(404, IMPORT_API_MESSAGES.notFound);
  return { ...job, relatorio: runsOf(repo).get(id)?.report ?? null };
}

/** GET /importacoes: the newest imports first. */
export function listImports(_input: unknown, { repo }: EditorContext): Promise<ImportJob[]> {
  return repo.imports.recentJobs(20);
}
