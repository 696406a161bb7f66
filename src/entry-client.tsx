import { hydrateRoot } from 'react-dom/client';
import { ArticleForm } from './editor/form/article-form.js';
import { EDITOR_ROOT_ID } from './editor/root-id.js';
import 'draft-js/dist/Draft.css';
import './editor/editor.css';

/** Draft.js and its converters come in a second file, so the form is interactive before they arrive. */
const loadEditor = () => {
  // fbjs, inside Draft.js, still reads Node's `global`.
  (globalThis as { global?: typeof globalThis }).global ??= globalThis;
  return import('./editor/ui/rich-text-editor.js').then((module) => module.RichTextEditor);
};

const root = document.getElementById(EDITOR_ROOT_ID);
if (root) {
  hydrateRoot(
    root,
    <ArticleForm apiBasePath={root.dataset.apiBase ?? '/api'} initialNextId={root.dataset.nextId ?? ''} loadEditor={loadEditor} />,
  );
}
