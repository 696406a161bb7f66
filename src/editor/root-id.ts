/** The element the browser hydrates on /novo-artigo: the form only, never the header or footer. */
export const EDITOR_ROOT_ID = 'editor-artigo';
