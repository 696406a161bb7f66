import { textWidth } from './arial-widths.js';
import { plainText } from './excerpt.js';

/**
 * "Antes de publicar" (issue 18): what a careful health editor checks before an article goes out. Pure
 * rules on the article's fields and sanitised HTML, so that the editor's panel (in the browser, as the
 * editor types) and the server (when publishing) judge alike.
 */

/** Google's desktop result: the title in 20 px Arial cut near 580 px, the description in 14 px Arial near 920 px (two lines). */
export const SEARCH_TITLE = { fontSize: 20, maxWidth: 580 } as const;
export const SEARCH_DESCRIPTION = { fontSize: 14, maxWidth: 920 } as const;
export const DESCRIPTION_LENGTH = { min: 70, max: 160 } as const;

/** Promotional wording the CFM's rules on medical advertising forbid in content a doctor signs. */
export const FORBIDDEN_TERMS = ['garantido', 'cura definitiva', 'milagroso', 'sem riscos', 'o melhor', '100%'] as const;

export const CHECK_RULES = ['campos-obrigatorios', 'titulo-na-busca', 'descricao-na-busca', 'tamanho-da-descricao', 'texto-alternativo', 'intertitulos', 'revisao-medica', 'referencias', 'termos-promocionais'] as const;
export type CheckRule = (typeof CHECK_RULES)[number];

/** `bloqueio` stops publishing (an empty required field, a missing medical review); `aviso` is for the editor to weigh. */
export type CheckLevel = 'ok' | 'aviso' | 'bloqueio';

export interface PrePublishCheck {
  regra: CheckRule;
  nivel: CheckLevel;
  mensagem: string;
  /** A block's reason as the summary line words it ("falta a revisão médica"). */
  resumo?: string;
}

export interface PrePublishInput {
  titulo: string;
  /** The address's last part; absent where it cannot be empty (the server's stored articles). */
  titulo_url?: string;
  descricao: string;
  /** The body's HTML as the editor exports it (the server's sanitised copy reads the same). */
  conteudo: string;
  /** Null when the article has no main image. An empty alternative text falls back to the caption, as on the page. */
  imagemPrincipal: { alt: string; legenda: string } | null;
  clinico: boolean;
  referencias: number;
  /** Whether a doctor approved the version that would go public. */
  revisada: boolean;
}

export interface CutText {
  /** The text as the result shows it: whole, or cut at a word with "…". */
  texto: string;
  cortado: boolean;
  /** Width of the whole text in pixels. */
  largura: number;
}

export interface PrePublishResult {
  busca: { titulo: CutText; descricao: CutText };
  checks: PrePublishCheck[];
}

const ELLIPSIS = ' …';
/** Spaces and punctuation a cut should not leave before the ellipsis. */
const TRAILING = /[\s,.;:!?\-–—]+$/u;

/** `text` as it fits in `maxWidth` pixels at `fontSize` (Arial): cut at the last whole word that leaves room for " …". */
export function cutToWidth(text: string, fontSize: number, maxWidth: number): CutText {
  const clean = text.replace(/\s+/g, ' ').trim();
  const largura = textWidth(clean, fontSize);
  if (largura <= maxWidth) return { texto: clean, cortado: false, largura };
  const budget = maxWidth - textWidth(ELLIPSIS, fontSize);
  let fits = '';
  let used = 0;
  for (const char of clean) {
    used += textWidth(char, fontSize);
    if (used > budget) break;
    fits += char;
  }
  const lastSpace = fits.lastIndexOf(' ');
  const atWord = lastSpace > 0 ? fits.slice(0, lastSpace) : fits;
  return { texto: `${atWord.replace(TRAILING, '')}${ELLIPSIS}`, cortado: true, largura };
}

const px = (width: number) => Math.round(width);
const quoted = (text: string) => `“${text}”`;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function titleCheck(titulo: CutText): PrePublishCheck {
  if (!titulo.texto) return { regra: 'titulo-na-busca', nivel: 'aviso', mensagem: 'Sem título, o resultado da busca fica vazio.' };
  return titulo.cortado
    ? { regra: 'titulo-na-busca', nivel: 'aviso', mensagem: `O título ocupa cerca de ${px(titulo.largura)} px e a busca mostra uns ${SEARCH_TITLE.maxWidth}: ele aparece cortado (${quoted(titulo.texto)}). Encurte-o para que apareça inteiro.` }
    : { regra: 'titulo-na-busca', nivel: 'ok', mensagem: `O título cabe inteiro no resultado da busca (cerca de ${px(titulo.largura)} de ${SEARCH_TITLE.maxWidth} px).` };
}

function descriptionWidthCheck(descricao: CutText): PrePublishCheck {
  if (!descricao.texto) return { regra: 'descricao-na-busca', nivel: 'aviso', mensagem: 'Sem descrição, a busca mostra um trecho do texto escolhido por ela.' };
  return descricao.cortado
    ? { regra: 'descricao-na-busca', nivel: 'aviso', mensagem: `A descrição ocupa cerca de ${px(descricao.largura)} px e a busca mostra uns ${SEARCH_DESCRIPTION.maxWidth} (duas linhas): ela aparece cortada.` }
    : { regra: 'descricao-na-busca', nivel: 'ok', mensagem: `A descrição cabe inteira no resultado da busca (cerca de ${px(descricao.largura)} de ${SEARCH_DESCRIPTION.maxWidth} px).` };
}

function descriptionLengthCheck(descricao: string): PrePublishCheck {
  const length = [...descricao.replace(/\s+/g, ' ').trim()].length;
  const { min, max } = DESCRIPTION_LENGTH;
  if (length >= min && length <= max) return { regra: 'tamanho-da-descricao', nivel: 'ok', mensagem: `A descrição tem ${length} caracteres (de ${min} a ${max}).` };
  const advice = length < min ? 'conte um pouco mais do que o leitor vai encontrar' : 'resuma-a';
  return { regra: 'tamanho-da-descricao', nivel: 'aviso', mensagem: `A descrição tem ${count(length, 'caractere', 'caracteres')}; o recomendado é de ${min} a ${max}: ${advice}.` };
}

const IMAGE = /<img\b[^>]*>/gi;
const ALT = /\balt="([^"]*)"/i;

function altTextCheck(conteudo: string, main: PrePublishInput['imagemPrincipal']): PrePublishCheck {
  const images = conteudo.match(IMAGE) ?? [];
  const missing = images.flatMap((tag, index) => ((ALT.exec(tag)?.[1] ?? '').trim() === '' ? [index + 1] : []));
  const mainMissing = main !== null && main.alt.trim() === '' && main.legenda.trim() === '';
  const problems = [
    ...(mainMissing ? ['a imagem principal (nem texto alternativo nem legenda)'] : []),
    ...(missing.length > 0 ? [`${missing.length === 1 ? 'a imagem' : 'as imagens'} ${missing.map((n) => `${n}ª`).join(', ')} do texto`] : []),
  ];
  if (problems.length > 0) return { regra: 'texto-alternativo', nivel: 'aviso', mensagem: `Sem texto alternativo: ${problems.join(' e ')}. Descreva o que cada imagem mostra, para quem não a vê.` };
  const total = images.length + (main ? 1 : 0);
  return { regra: 'texto-alternativo', nivel: 'ok', mensagem: total === 0 ? 'O artigo não tem imagens.' : `${total === 1 ? 'A imagem tem' : `As ${total} imagens têm`} texto alternativo.` };
}

const HEADING = /<h([1-6])\b[^>]*>(.*?)<\/h\1>/gis;

/** The page's title is its h1, so the body's headings start at h2 and go down one level at a time. */
function headingsCheck(conteudo: string): PrePublishCheck {
  let previous = 1;
  for (const [, digit, inner] of conteudo.matchAll(HEADING)) {
    const level = Number(digit);
    const text = quoted(plainText(inner ?? '') || '(vazio)');
    if (level === 1) return { regra: 'intertitulos', nivel: 'aviso', mensagem: `O intertítulo ${text} é H1, o nível do título do artigo: use H2.` };
    if (level > previous + 1) {
      const where = previous === 1 ? 'antes de qualquer H2' : `logo depois de um H${previous}`;
      return { regra: 'intertitulos', nivel: 'aviso', mensagem: `O intertítulo ${text} é H${level} ${where}: use H${previous + 1}, sem pular nível.` };
    }
    previous = level;
  }
  return { regra: 'intertitulos', nivel: 'ok', mensagem: 'Os intertítulos estão em ordem (H2, depois H3…).' };
}

/** Accents and case do not matter ("MILAGROSO" is "milagroso"); other forms of a word ("milagrosa") are not on the list. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TERM_PATTERNS = FORBIDDEN_TERMS.map((term) => ({
  term,
  pattern: new RegExp(`(?<![\\p{L}\\p{N}])${fold(term).split(' ').map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}])`, 'u'),
}));

/** The forbidden terms found in `text`, whole words only, in the list's order. */
export function forbiddenTermsIn(text: string): string[] {
  const folded = fold(text);
  return TERM_PATTERNS.filter(({ pattern }) => pattern.test(folded)).map(({ term }) => term);
}

function clinicalChecks(input: PrePublishInput): PrePublishCheck[] {
  const found = forbiddenTermsIn(`${input.titulo}\n${input.descricao}\n${plainText(input.conteudo)}`);
  return [
    input.revisada
      ? { regra: 'revisao-medica', nivel: 'ok', mensagem: 'A revisão médica aprovou esta versão.' }
      : { regra: 'revisao-medica', nivel: 'bloqueio', mensagem: 'Falta a revisão médica desta versão: sem ela, o artigo clínico não pode ser publicado.', resumo: 'falta a revisão médica' },
    input.referencias > 0
      ? { regra: 'referencias', nivel: 'ok', mensagem: `O artigo cita ${count(input.referencias, 'referência', 'referências')}.` }
      : { regra: 'referencias', nivel: 'aviso', mensagem: 'Nenhuma referência: cite ao menos uma fonte do que o artigo afirma.' },
    found.length > 0
      ? { regra: 'termos-promocionais', nivel: 'aviso', mensagem: `Termos promocionais que o CFM proíbe em conteúdo médico: ${found.map(quoted).join(', ')}. Reescreva sem promessas.` }
      : { regra: 'termos-promocionais', nivel: 'ok', mensagem: 'Nenhum termo promocional proibido pelo CFM.' },
  ];
}

/** Portuguese list: "a, b e c". */
const listed = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} e ${items.at(-1)}` : (items[0] ?? ''));

/** What publishing requires filled in (the form's and the API's own rule): an empty one blocks. */
function requiredFieldsCheck(input: PrePublishInput): PrePublishCheck {
  const body = /<(?:img|hr)\b/i.test(input.conteudo) || plainText(input.conteudo).trim() !== '';
  const empty = [
    input.titulo.trim() ? null : 'o título',
    input.titulo_url === undefined || input.titulo_url.trim() ? null : 'o endereço (URL)',
    input.descricao.trim() ? null : 'a descrição',
    body ? null : 'o texto',
  ].filter((field): field is string => field !== null);
  if (empty.length === 0) return { regra: 'campos-obrigatorios', nivel: 'ok', mensagem: 'Título, endereço, descrição e texto estão preenchidos.' };
  return { regra: 'campos-obrigatorios', nivel: 'bloqueio', mensagem: `Preencha ${listed(empty)}: sem isso, o artigo não pode ser publicado.`, resumo: `falta preencher ${listed(empty)}` };
}

export function prePublishChecks(input: PrePublishInput): PrePublishResult {
  const titulo = cutToWidth(input.titulo, SEARCH_TITLE.fontSize, SEARCH_TITLE.maxWidth);
  const descricao = cutToWidth(input.descricao, SEARCH_DESCRIPTION.fontSize, SEARCH_DESCRIPTION.maxWidth);
  const checks = [
    requiredFieldsCheck(input),
    titleCheck(titulo),
    descriptionWidthCheck(descricao),
    descriptionLengthCheck(input.descricao),
    altTextCheck(input.conteudo, input.imagemPrincipal),
    headingsCheck(input.conteudo),
    ...(input.clinico ? clinicalChecks(input) : []),
  ];
  return { busca: { titulo, descricao }, checks };
}

/** The warnings of a result, as the server returns them when publishing (a block is refused before). */
export const warningsOf = (checks: PrePublishCheck[]) => checks.filter((check) => check.nivel === 'aviso').map(({ regra, mensagem }) => ({ regra, mensagem }));
