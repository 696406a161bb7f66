import { posix } from 'node:path';
import type { ImportSource } from '../db/import-store.js';
import type { NewArticle } from '../db/repository.js';
import { excerpt, plainText } from '../content/excerpt.js';
import { prepareBody } from '../import/article-body.js';
import type { PreparedBody } from '../import/normalise-body.js';
import type { ParsedExport, SourceItem } from '../import/source-item.js';
import { wordPressHtml } from '../import/wordpress-html.js';
import { LIMITS } from '../lib/messages.js';
import { slugify } from '../lib/slug.js';
import { distinctTopicNames, TOPIC_LIMITS } from '../lib/topics.js';
import { hasContent } from './article-saves.js';

/** The kinds of item that become articles; the others (attachments, menus, blocks) are counted and left. */
const ARTICLE_TYPES = new Set(['post', 'page', 'markdown']);
/** Where a public item with no category or tag goes: every public article has a topic. */
const DEFAULT_TOPIC = 'Arquivo';
const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif)$/i;

/** WordPress's states that never become an article, with the reason the report gives. */
const REFUSED_STATES: Record<string, string> = {
  trash: 'Está na lixeira do WordPress.',
  'auto-draft': 'É um rascunho automático do WordPress, que nunca foi salvo.',
  inherit: 'É uma versão anterior de outro item.',
};

export const IMPORT_MESSAGES = {
  noTitle: 'Não tem título.',
  titleTooLong: `O título passa de ${LIMITS.titulo} caracteres.`,
  noSlug: 'Não tem endereço: o título não tem letras nem números.',
  emptyBody: 'O texto fica vazio depois de limpo, e um artigo publicado precisa de texto.',
  bodyTooLong: `O texto passa de ${LIMITS.conteudo.toLocaleString('pt-BR')} caracteres.`,
  unknownAuthor: (who: string) => `O autor ${who} não é uma pessoa do site: o artigo fica assinado por quem importa.`,
  remoteMainImage: 'A imagem principal está em outro site e não foi trazida: envie o arquivo no campo da imagem principal.',
  mainImageNotFound: (given: string) => `A imagem principal (${given}) não está no arquivo enviado.`,
  remoteImages: (count: number) =>
    count === 1 ? 'Uma imagem de outro site não foi trazida: envie o arquivo.' : `${count} imagens de outro site não foram trazidas: envie os arquivos.`,
  shortcode: (name: string) => `O shortcode [${name}] foi removido: ele só funciona no WordPress.`,
  tooManyTopics: `Só os ${TOPIC_LIMITS.perArticle} primeiros temas foram mantidos.`,
  defaultTopic: 'Sem categoria nem tag: o artigo fica no tema "Arquivo" (todo artigo público tem um tema).',
  topicDropped: (name: string) => `O tema "${name}" foi deixado de fora: um tema tem até ${TOPIC_LIMITS.name} caracteres, com letras ou números.`,
} as const;

/** What the rules decided for one item, as the dry run and the import report it. */
export interface ItemReport {
  id_origem: string;
  tipo: string;
  titulo: string;
  acao: 'criar' | 'existente' | 'recusar';
  motivo?: string;
  status?: 'publicado' | 'rascunho' | 'agendado';
  titulo_url?: string;
  id_artigo?: number;
  avisos: string[];
  /** Images found in the archive, uploaded with the article. */
  imagens: number;
  /** Images elsewhere: listed, never fetched. */
  imagens_remotas: string[];
  /** The featured image: its path in the archive, or its address elsewhere (then also in imagens_remotas). */
  imagem_principal?: string;
}

/** The featured image found in the archive, to upload and make the article's main image. */
export interface PlannedMainImage {
  arquivo: string;
  caption: string;
  alt: string;
}

/** An item the rules accept, ready to store: the article, its source, and the body with its pending images. */
export interface PlannedArticle {
  article: NewArticle;
  source: ImportSource;
  body: PreparedBody;
  imagem?: PlannedMainImage;
}

export interface Signer {
  id: number;
  nome: string;
}

/** Who runs the import, and the people of the site by e-mail (looked up once each). */
export interface ImportContext {
  autor: string;
  id_pessoa: number | null;
  personByEmail(email: string): Promise<Signer | null>;
  now: string;
  /** The export's attachments by their WordPress id, where a featured image (_thumbnail_id) points. */
  attachments: ReadonlyMap<string, SourceItem>;
}

/** Items of the export that may become articles, in the export's order. */
export const candidates = (parsed: ParsedExport) => parsed.items.filter((item) => ARTICLE_TYPES.has(item.tipo));

/** WordPress's attachments by id: a post's featured image names one. */
export const attachmentsOf = (parsed: ParsedExport): ReadonlyMap<string, SourceItem> =>
  new Map(parsed.items.filter((item) => item.tipo === 'attachment' && item.anexo_url).map((item) => [item.id_origem, item]));

/**
 * The item's featured image: WordPress's attachment (its file, caption and alternative text) or the
 * Markdown front matter's image. Found in the archive, it is planned for upload; elsewhere, it is only
 * named (never fetched).
 */
function mainImage(item: SourceItem, titulo: string, find: (src: string, folder: string) => string | null, context: ImportContext): { planned?: PlannedMainImage; remote?: string; missing?: string } {
  if (!item.imagem_destacada) return {};
  const attachment = item.tipo === 'markdown' ? item : context.attachments.get(item.imagem_destacada);
  const src = item.tipo === 'markdown' ? item.imagem_destacada : attachment?.anexo_url;
  if (!attachment || !src) return {};
  const arquivo = find(src, item.pasta);
  const caption = plainText(attachment.imagem_legenda || (attachment === item ? '' : attachment.titulo) || titulo).slice(0, LIMITS.imagemCaption);
  const alt = plainText(attachment.imagem_alt).slice(0, LIMITS.imagemAlt);
  if (arquivo) return { planned: { arquivo, caption, alt } };
  return /^[a-z][a-z0-9+.-]*:/i.test(src) ? { remote: src } : { missing: src };
}

/** The other items, counted by kind, for the report. */
export function ignoredKinds(parsed: ParsedExport): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of parsed.items) if (!ARTICLE_TYPES.has(item.tipo)) counts[item.tipo] = (counts[item.tipo] ?? 0) + 1;
  return counts;
}

/**
 * Finds an image's file in the archive: a WordPress upload by its path under uploads/ (the original when
 * only a resized copy's name is given, foto-300x200.jpg), a Markdown image relative to its file or to
 * the zip's root. Never anything outside the archive.
 */
export function archiveLookup(names: readonly string[]): (src: string, folder: string) => string | null {
  const images = names.filter((name) => IMAGE_FILE.test(name));
  const byUpload = new Map<string, string>();
  const exact = new Set(images);
  for (const name of images) {
    const at = name.toLowerCase().lastIndexOf('uploads/');
    if (at >= 0) byUpload.set(name.slice(at).toLowerCase(), name);
  }
  return (src, folder) => {
    if (src.startsWith('data:')) return null;
    let path: string;
    try {
      path = decodeURIComponent(new URL(src, 'relative://archive/').pathname);
    } catch {
      return null;
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(src) && !src.startsWith('relative:')) {
      const at = path.toLowerCase().lastIndexOf('uploads/');
      if (at < 0) return null;
      const upload = path.slice(at).toLowerCase();
      return byUpload.get(upload) ?? byUpload.get(upload.replace(/-\d+x\d+(\.[a-z]+)$/, '$1')) ?? null;
    }
    const relative = src.startsWith('/') ? path.slice(1) : posix.normalize(posix.join(folder, src.split(/[?#]/)[0]!));
    return !relative.startsWith('..') && exact.has(relative) ? relative : null;
  };
}

function status(item: SourceItem, now: string): { status: 'publicado' | 'rascunho' | 'agendado'; publicar_em: string | null } {
  if (item.estado === 'publish') return { status: 'publicado', publicar_em: null };
  if (item.estado === 'future' && item.data_publicacao && item.data_publicacao > now) return { status: 'agendado', publicar_em: item.data_publicacao };
  return { status: 'rascunho', publicar_em: null };
}

function topics(names: string[], avisos: string[]): string[] {
  const valid = names.filter((name) => {
    const ok = name.length <= TOPIC_LIMITS.name && slugify(name) !== '' && !/[\p{Cc}]/u.test(name);
    if (!ok) avisos.push(IMPORT_MESSAGES.topicDropped(name));
    return ok;
  });
  const distinct = distinctTopicNames(valid);
  if (distinct.length > TOPIC_LIMITS.perArticle) avisos.push(IMPORT_MESSAGES.tooManyTopics);
  return distinct.slice(0, TOPIC_LIMITS.perArticle);
}

const refused = (item: SourceItem, motivo: string): { report: ItemReport } => ({
  report: { id_origem: item.id_origem, tipo: item.tipo, titulo: item.titulo, acao: 'recusar', motivo, avisos: [], imagens: 0, imagens_remotas: [] },
});

/**
 * The rules for one item: refused with a reason, or an article (title, kept slug, dates, signer by
 * e-mail, topics, the body through the editor's normaliser and the sanitiser) with warnings for what
 * did not come along. Nothing is stored here.
 */
export async function planItem(
  item: SourceItem,
  fonte: string,
  find: (src: string, folder: string) => string | null,
  context: ImportContext,
): Promise<{ report: ItemReport; planned?: PlannedArticle }> {
  const refusedState = REFUSED_STATES[item.estado];
  if (refusedState) return refused(item, refusedState);
  const titulo = item.titulo.replace(/\s+/g, ' ').trim();
  if (!titulo) return refused(item, IMPORT_MESSAGES.noTitle);
  if (titulo.length > LIMITS.titulo) return refused(item, IMPORT_MESSAGES.titleTooLong);
  const titulo_url = (slugify(item.slug) || slugify(titulo)).slice(0, LIMITS.titulo_url).replace(/-+$/, '');
  if (!titulo_url) return refused(item, IMPORT_MESSAGES.noSlug);
  const avisos: string[] = [];
  const wordpress = item.tipo === 'markdown' ? { html: item.html, removedShortcodes: [] } : wordPressHtml(item.html);
  const body = await prepareBody(wordpress.html, (src) => find(src, item.pasta));
  const { status: estado, publicar_em } = status(item, context.now);
  if (body.html.length > LIMITS.conteudo) return refused(item, IMPORT_MESSAGES.bodyTooLong);
  if (estado !== 'rascunho' && !hasContent(body.html)) return refused(item, IMPORT_MESSAGES.emptyBody);
  avisos.push(...wordpress.removedShortcodes.map(IMPORT_MESSAGES.shortcode), ...body.notices);
  if (body.remote.length > 0) avisos.push(IMPORT_MESSAGES.remoteImages(body.remote.length));
  const main = mainImage(item, titulo, find, context);
  if (main.remote) avisos.push(IMPORT_MESSAGES.remoteMainImage);
  if (main.missing) avisos.push(IMPORT_MESSAGES.mainImageNotFound(main.missing));
  const signer = item.autor_email ? await context.personByEmail(item.autor_email) : null;
  if (!signer) avisos.push(IMPORT_MESSAGES.unknownAuthor(item.autor_email ?? (item.autor_nome || '(sem nome)')));
  let temas = topics(item.temas, avisos);
  if (temas.length === 0 && estado !== 'rascunho') {
    temas = [DEFAULT_TOPIC];
    avisos.push(IMPORT_MESSAGES.defaultTopic);
  }
  const resumo = plainText(item.resumo);
  const article: NewArticle = {
    titulo,
    titulo_url,
    descricao: resumo ? excerpt(resumo, LIMITS.descricao) : excerpt(body.html, 160),
    keywords: '',
    conteudo: body.html,
    autor: context.autor,
    status: estado,
    publicar_em,
    id_criador: context.id_pessoa,
    ...(signer ? { autores: [signer.id] } : {}),
    ...(item.data_publicacao ? { data_publicacao: item.data_publicacao } : {}),
    temas,
  };
  const report: ItemReport = {
    id_origem: item.id_origem,
    tipo: item.tipo,
    titulo,
    acao: 'criar',
    status: estado,
    titulo_url,
    avisos,
    imagens: body.images.length + (main.planned && !body.images.some((image) => image.arquivo === main.planned!.arquivo) ? 1 : 0),
    imagens_remotas: main.remote ? [...new Set([...body.remote, main.remote])] : body.remote,
    ...(main.planned || main.remote ? { imagem_principal: main.planned?.arquivo ?? main.remote } : {}),
  };
  return { report, planned: { article, body, ...(main.planned ? { imagem: main.planned } : {}), source: { fonte, id_origem: item.id_origem, wp_id: item.wp_id, caminho_antigo: item.caminho_antigo } } };
}
