import { hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';
import { ArticleForm } from './editor/form/article-form.js';
import { formPropsFromRoot } from './editor/form/form-root.js';
import { EDITOR_ROOT_ID } from './editor/root-id.js';
import { FORM_LINKS, HYDRATED_ROUTES } from './routes/hydrated.js';
import 'draft-js/dist/Draft.css';
import './editor/editor.css';
import './editor/form/article-form.css';
import './editor/form/credits-fields.css';
import './editor/ui/table-block.css';
import './editor/form/media-library.css';

/** Draft.js and its converters come in a second file, so the form is interactive before they arrive. */
const loadEditor = () => {
  // fbjs, inside Draft.js, still reads Node's `global`.
  (globalThis as { global?: typeof globalThis }).global ??= globalThis;
  return import('./editor/ui/rich-text-editor.js').then((module) => module.RichTextEditor);
};

/** The same form on /novo-artigo and /editor/artigos/{id}: the page says which through the root's data-* attributes. */
const root = document.getElementById(EDITOR_ROOT_ID);
if (root && matchRoutes(HYDRATED_ROUTES, window.location.pathname)) {
  hydrateRoot(root, <ArticleForm {...formPropsFromRoot(root.dataset)} links={FORM_LINKS} loadEditor={loadEditor} />);
}
