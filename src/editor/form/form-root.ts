import type { ArticleFormProps } from './form-props.js';

/** What the server renders the article form with, and the browser must hydrate it with: exactly the same. */
export type FormRootProps = Pick<ArticleFormProps, 'apiBasePath' | 'mode' | 'session' | 'initialNextId'>;

/** The form's root element carries its props as data-* attributes (the CSP allows no inline script). */
export function formRootAttributes(props: FormRootProps): Record<`data-${string}`, string> {
  return {
    'data-api-base': props.apiBasePath,
    ...(props.mode?.kind === 'edit' ? { 'data-article-id': String(props.mode.id) } : {}),
    ...(props.session ? { 'data-autor': props.session.autor } : {}),
    ...(props.session?.podePublicar === false ? { 'data-pode-publicar': 'nao' } : {}),
    ...(props.session?.podeRevisar ? { 'data-pode-revisar': 'sim' } : {}),
    ...(props.session?.podeCorrigir ? { 'data-pode-corrigir': 'sim' } : {}),
    ...(props.session?.podeDefinirRevisao ? { 'data-pode-definir-revisao': 'sim' } : {}),
    ...(props.session?.mesesRevisao !== undefined ? { 'data-meses-revisao': String(props.session.mesesRevisao) } : {}),
    ...(props.initialNextId !== undefined ? { 'data-next-id': props.initialNextId } : {}),
  };
}

/** The reverse of formRootAttributes, read from element.dataset in the browser. */
export function formPropsFromRoot(dataset: Record<string, string | undefined>): FormRootProps {
  const id = Number(dataset.articleId);
  return {
    apiBasePath: dataset.apiBase ?? '/api',
    mode: Number.isSafeInteger(id) && id > 0 ? { kind: 'edit', id } : { kind: 'new' },
    ...(dataset.autor !== undefined
      ? {
          session: {
            autor: dataset.autor,
            ...(dataset.podePublicar === 'nao' ? { podePublicar: false } : {}),
            ...(dataset.podeRevisar === 'sim' ? { podeRevisar: true } : {}),
            ...(dataset.podeCorrigir === 'sim' ? { podeCorrigir: true } : {}),
            ...(dataset.podeDefinirRevisao === 'sim' ? { podeDefinirRevisao: true } : {}),
            ...(dataset.mesesRevisao ? { mesesRevisao: Number(dataset.mesesRevisao) } : {}),
          },
        }
      : {}),
    ...(dataset.nextId !== undefined ? { initialNextId: dataset.nextId } : {}),
  };
}
