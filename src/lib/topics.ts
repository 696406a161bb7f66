import { slugify } from './slug.js';

/**
 * The rules of an article's topics (`temas`), shared by the API and the editor's form: one to five
 * names in pt-BR, distinct by the slug made from them ("Ética médica" and "etica medica" are one topic).
 */
export const TOPIC_LIMITS = { perArticle: 5, name: 60 } as const;

export const TOPIC_MESSAGES = {
  notList: 'Os temas devem ser uma lista de nomes.',
  nameNotText: 'Cada tema deve ser um texto.',
  nameMissing: 'Um tema está em branco.',
  nameTooLong: `Cada tema deve ter no máximo ${TOPIC_LIMITS.name} caracteres.`,
  nameControl: 'Um tema não pode conter quebras de linha nem caracteres de controle.',
  nameWithoutLetters: 'Cada tema deve conter letras ou números.',
  tooMany: `Escolha no máximo ${TOPIC_LIMITS.perArticle} temas.`,
  none: 'Escolha pelo menos um tema.',
  notFound: 'Tema não encontrado.',
  taken: 'Já existe um tema com esse nome (ou com esse endereço).',
} as const;

/** The names in their order, the first spelling of each slug kept. */
export function distinctTopicNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const slug = slugify(name);
    if (seen.has(slug)) return false;
    seen.add(slug);
    return true;
  });
}
