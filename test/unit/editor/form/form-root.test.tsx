// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formPropsFromRoot, formRootAttributes, type FormRootProps } from '../../../../src/editor/form/form-root.js';

/** The server's markup parsed by a DOM, read back through dataset as entry-client does. */
function roundTrip(props: FormRootProps): FormRootProps {
  const html = renderToStaticMarkup(<div id="raiz" {...formRootAttributes(props)} />);
  const element = new DOMParser().parseFromString(html, 'text/html').getElementById('raiz')!;
  return formPropsFromRoot(element.dataset);
}

describe('the article form root: props written by the server are the props the browser hydrates with', () => {
  it.each<FormRootProps>([
    { apiBasePath: '/api', mode: { kind: 'new' }, initialNextId: '12' },
    { apiBasePath: '/api', mode: { kind: 'new' }, initialNextId: '', session: { autor: 'Maria Souza' } },
    { apiBasePath: '/v2/api', mode: { kind: 'edit', id: 42 }, session: { autor: 'José "Zé" <Silva> & Cia' } },
    { apiBasePath: '/api', mode: { kind: 'edit', id: 7 }, session: { autor: 'Dr. João Lima', podePublicar: false, podeRevisar: true } },
  ])('round-trips %j', (props) => {
    expect(roundTrip(props)).toEqual(props);
  });

  it('treats a missing or bad article id as a new article', () => {
    expect(formPropsFromRoot({ apiBase: '/api', articleId: 'abc' }).mode).toEqual({ kind: 'new' });
    expect(formPropsFromRoot({}).mode).toEqual({ kind: 'new' });
  });
});
