import type { ArticleStatus, Credentials, NewArticlePayload } from '../../client/article-api.js';
import type { ArticleSaver } from './article-saver.js';
import { formatSaoPaulo } from '../../content/sao-paulo-time.js';
import type { UploadOutcome, UploadQueue } from './upload-queue.js';

/** What a button asks for: keep the text (draft, or the live article), publish now, or publish later. */
export type SaveIntent = { kind: 'save' } | { kind: 'publish' } | { kind: 'schedule'; publicarEm: string } | { kind: 'unpublish' };

export const FLOW_MESSAGES = {
  created: 'Artigo cadastrado!',
  published: 'Artigo publicado!',
  updated: 'Artigo atualizado!',
  heldForReview: 'Alteração salva. Aguardando revisão médica para ir ao ar.',
  draftSaved: 'Rascunho salvo.',
  unpublished: 'Artigo despublicado: ele saiu do site e continua salvo aqui.',
  scheduled: (iso: string) => `Artigo agendado para ${formatSaoPaulo(iso)} (horário de Brasília).`,
  uploaded: (filename: string) => `Arquivo carregado: ${filename}`,
  uploadFailed: (filename: string, reason?: string) => `Erro ao carregar arquivo: ${filename}${reason ? `\n${reason}` : ''}`,
  keptAsDraft:
    'Nada foi publicado: o artigo continua como rascunho porque um arquivo não foi enviado. Use "Tentar de novo" no arquivo (ou cancele-o) e publique outra vez; só o que falhou será enviado.',
  liveUnchanged:
    'O artigo publicado não foi alterado porque um arquivo não foi enviado. Use "Tentar de novo" no arquivo (ou cancele-o) e salve outra vez; só o que falhou será enviado.',
  conflict:
    'Este artigo foi alterado em outra aba ou por outra pessoa depois que você o abriu, e por isso o que está nesta página não foi salvo no servidor. Nada se perdeu: o texto continua aqui e neste navegador. Escolha: "Recarregar o artigo" mostra a versão atual (a cópia deste navegador pode ser recuperada em seguida), ou "Salvar a minha versão" substitui a outra pelo que está nesta página.',
} as const;

export interface FlowLine {
  kind: 'success' | 'error';
  text: string;
}

export interface FlowReport {
  ok: boolean;
  lines: FlowLine[];
  /** The article's id on the server once it exists (even when a later step failed). */
  id: number | null;
  status: ArticleStatus | null;
  conflict?: boolean;
}

export interface FlowDeps {
  saver: ArticleSaver;
  uploads: Pick<UploadQueue, 'uploadPending'>;
  credentials: Credentials;
  /** Reads the form at the time of the request (the editor's HTML export included). */
  read: () => NewArticlePayload;
  /** Called with each finished upload before the text is saved, so the form can point its fields at saved names. */
  onUploaded?: (outcome: UploadOutcome) => void;
  /** A new article says the spec's "Artigo cadastrado!" when it is published. */
  isNew: boolean;
}

/** Readers see it now, or will at its time. */
export const isPublic = (status: ArticleStatus | null) => status === 'publicado' || status === 'agendado';

/**
 * Issue 11's atomic save: the text is on the server as a draft first, then every file not yet sent is
 * uploaded, and only when all of them are there does anything become public (the status change, or the
 * update of an article already published). A failure leaves what readers see unchanged.
 */
export async function runSaveFlow(deps: FlowDeps, intent: SaveIntent): Promise<FlowReport> {
  const { saver, credentials } = deps;
  const lines: FlowLine[] = [];
  const report = (ok: boolean, extra: Partial<FlowReport> = {}): FlowReport => ({
    ok,
    lines,
    id: saver.state.id,
    status: saver.state.status,
    ...extra,
  });
  const fail = (text: string, extra: Partial<FlowReport> = {}) => {
    lines.push({ kind: 'error', text });
    return report(false, extra);
  };

  if (intent.kind === 'unpublish') {
    const changed = await saver.setStatus(credentials, 'despublicado');
    return changed.ok ? (lines.push({ kind: 'success', text: FLOW_MESSAGES.unpublished }), report(true)) : fail(changed.message);
  }

  if (saver.state.id === null) {
    const created = await saver.save(credentials, deps.read);
    if (created.kind === 'refused') return fail(created.message);
    if (created.kind === 'conflict') return fail(FLOW_MESSAGES.conflict, { conflict: true });
  }

  const uploads = await deps.uploads.uploadPending({ id: saver.state.id!, credentials });
  for (const outcome of uploads) {
    lines.push(
      outcome.ok
        ? { kind: 'success', text: FLOW_MESSAGES.uploaded(outcome.filename) }
        : { kind: 'error', text: FLOW_MESSAGES.uploadFailed(outcome.filename, outcome.message) },
    );
    deps.onUploaded?.(outcome);
  }
  const uploadFailed = uploads.some((outcome) => !outcome.ok);
  const goesPublic = intent.kind !== 'save' || isPublic(saver.state.status);
  if (uploadFailed && goesPublic) return fail(isPublic(saver.state.status) ? FLOW_MESSAGES.liveUnchanged : FLOW_MESSAGES.keptAsDraft);

  const saved = await saver.save(credentials, deps.read);
  if (saved.kind === 'conflict') return fail(FLOW_MESSAGES.conflict, { conflict: true });
  if (saved.kind === 'refused') return fail(saved.message);

  if (intent.kind === 'save') {
    // A clinical article's edit is saved but readers keep the approved text: "atualizado" would say otherwise.
    const live = saved.heldForReview ? FLOW_MESSAGES.heldForReview : FLOW_MESSAGES.updated;
    lines.push({ kind: 'success', text: isPublic(saver.state.status) ? live : FLOW_MESSAGES.draftSaved });
    return report(!uploadFailed);
  }
  const target = intent.kind === 'publish' ? 'publicado' : 'agendado';
  const publicarEm = intent.kind === 'schedule' ? intent.publicarEm : undefined;
  if (saver.state.status !== target || intent.kind === 'schedule') {
    const changed = await saver.setStatus(credentials, target, publicarEm);
    if (!changed.ok) return fail(changed.message);
  }
  const done = intent.kind === 'schedule' ? FLOW_MESSAGES.scheduled(intent.publicarEm) : deps.isNew ? FLOW_MESSAGES.created : FLOW_MESSAGES.published;
  lines.push({ kind: 'success', text: done });
  return report(true);
}
