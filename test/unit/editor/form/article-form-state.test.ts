import type { RawDraftContentState } from 'draft-js';
import { describe, expect, it } from 'vitest';
import type { EditableArticle } from '../../../../src/client/article-api.js';
import {
  articleFormReducer,
  checksSource,
  firstInvalidField,
  FORM_MESSAGES,
  initialFormState,
  restoresCopy,
  type ArticleFormAction,
  type ArticleFormState,
} from '../../../../src/editor/form/article-form-state.js';
import type { StoredDraft } from '../../../../src/editor/form/draft-storage.js';
import { EMPTY_FIELDS, fieldsFromArticle } from '../../../../src/editor/form/fields.js';
import { fewerImagesText } from '../../../../src/editor/form/notices.js';
import { FLOW_MESSAGES } from '../../../../src/editor/form/publish-flow.js';
import { VALIDATION_MESSAGES } from '../../../../src/editor/form/validation.js';

const article: EditableArticle = {
  id: 7,
  titulo: 'Prontuário',
  titulo_url: 'prontuario',
  descricao: 'Sobre prontuários',
  keywords: '',
  conteudo: '<p>Texto</p>',
  autor: 'Ana',
  imagem_nome: null,
  imagem_caption: null,
  imagem_alt: null,
  imagem_width: null,
  imagem_height: null,
  status: 'rascunho',
  versao: 3,
  publicar_em: null,
  data_publicacao: '2026-01-10T12:00:00.000Z',
  data_atualizacao: '2026-01-10T12:00:00.000Z',
};

const raw = (text: string): RawDraftContentState => ({
  blocks: [{ key: 'a', text, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [] }],
  entityMap: {},
});

const copy = (baseVersion: number | null, titulo = 'Da cópia'): StoredDraft => ({
  fields: { ...fieldsFromArticle(article), titulo },
  content: raw('copiado'),
  savedAt: '2026-01-11T08:00:00.000Z',
  baseVersion,
});

const newForm = () => initialFormState(undefined, '12');
const run = (state: ArticleFormState, ...actions: ArticleFormAction[]) => actions.reduce(articleFormReducer, state);
const texts = (state: ArticleFormState) => state.messages.map((message) => [message.kind, message.text]);

describe('the form before and as it opens', () => {
  it('starts a new article empty, with the id preview and no editor yet', () => {
    const state = newForm();
    expect(state).toMatchObject({ fields: EMPTY_FIELDS, loaded: null, nextId: '12', editorSession: null, saver: { id: null, versao: null, status: null } });
  });

  it('starts an article the page brought with its fields and its version', () => {
    const state = initialFormState(article, '');
    expect(state.fields).toEqual(fieldsFromArticle(article));
    expect(state.saver).toEqual({ id: 7, versao: 3, status: 'rascunho' });
  });

  it('opens a new article with the browser\'s copy, or empty', () => {
    const restored = run(newForm(), { type: 'newArticleOpened', copy: copy(null) });
    expect(restored.fields).toEqual({ ...EMPTY_FIELDS, ...copy(null).fields });
    expect(restored.notice).toEqual({ kind: 'restored' });
    expect(restored.editorSession).toEqual({ key: 0, raw: raw('copiado') });
    const empty = run(newForm(), { type: 'newArticleOpened', copy: null });
    expect(empty.fields).toBe(EMPTY_FIELDS);
    expect(empty.notice).toBeNull();
    expect(empty.editorSession).toEqual({ key: 0, raw: null });
  });

  it('takes the next id the server announces', () => {
    expect(run(newForm(), { type: 'nextIdReceived', nextId: '13' }).nextId).toBe('13');
  });

  it('restores the browser\'s copy of an article only when it was made from the server\'s version', () => {
    expect(restoresCopy(copy(3), article)).toBe(true);
    expect(restoresCopy(copy(2), article)).toBe(false);
    expect(restoresCopy(null, article)).toBe(false);
    const state = run(initialFormState(undefined, ''), { type: 'articleOpened', article, copy: copy(3), serverRaw: null });
    expect(state.loaded).toBe(article);
    expect(state.saver).toEqual({ id: 7, versao: 3, status: 'rascunho' });
    expect(state.fields.titulo).toBe('Da cópia');
    expect(state.notice).toEqual({ kind: 'restored' });
    expect(state.staleCopy).toBeNull();
    expect(state.editorSession).toEqual({ key: 0, raw: raw('copiado') });
  });

  it('offers a copy made from an older version without putting it in the form', () => {
    const stale = copy(2);
    const state = run(initialFormState(undefined, ''), { type: 'articleOpened', article, copy: stale, serverRaw: raw('do servidor') });
    expect(state.fields).toEqual(fieldsFromArticle(article));
    expect(state.notice).toEqual({ kind: 'stale', savedAt: stale.savedAt });
    expect(state.staleCopy).toBe(stale);
    expect(state.editorSession).toEqual({ key: 0, raw: raw('do servidor') });
  });

  it('never restores a copy of the server\'s version that lost an image: the server\'s text stays, with both counts, and the copy is offered', () => {
    const withPhoto = { ...article, conteudo: '<p>Texto</p><p><img src="/assets/artigos/7/foto.jpg" alt="" /></p>' };
    const lost = copy(3);
    expect(restoresCopy(lost, withPhoto)).toBe(false);
    const state = run(initialFormState(undefined, ''), { type: 'articleOpened', article: withPhoto, copy: lost, serverRaw: raw('do servidor') });
    expect(state.notice).toEqual({ kind: 'fewerImages', copyImages: 0, serverImages: 1 });
    expect(fewerImagesText(0, 1)).toBe('A cópia deste navegador tem 0 imagens e a do servidor, 1 imagem: o formulário mostra a do servidor, para nenhuma imagem se perder.');
    expect(state.staleCopy).toBe(lost);
    expect(state.editorSession).toEqual({ key: 0, raw: raw('do servidor') });

    const kept: StoredDraft = {
      ...lost,
      content: {
        blocks: [{ key: 'b', text: ' ', type: 'atomic', depth: 0, inlineStyleRanges: [], entityRanges: [{ offset: 0, length: 1, key: 0 }] }],
        entityMap: { 0: { type: 'IMAGE', mutability: 'IMMUTABLE', data: { src: '/assets/artigos/7/foto.jpg', alt: '' } } },
      },
    };
    expect(restoresCopy(kept, withPhoto)).toBe(true);
    const pending: StoredDraft = { ...kept, content: { ...kept.content!, entityMap: { 0: { type: 'PENDING_IMAGE', mutability: 'IMMUTABLE', data: { placeholder: 'p1' } } } } };
    expect(restoresCopy(pending, withPhoto)).toBe(true);
    const remote: StoredDraft = { ...kept, content: { ...kept.content!, entityMap: { 0: { type: 'PENDING_IMAGE', mutability: 'IMMUTABLE', data: { placeholder: 'p1', remote: true } } } } };
    expect(restoresCopy(remote, withPhoto)).toBe(false);
  });

  it('opens an article without a copy on the server\'s text', () => {
    const state = run(initialFormState(undefined, ''), { type: 'articleOpened', article, copy: null, serverRaw: raw('do servidor') });
    expect(state.notice).toBeNull();
    expect(state.editorSession).toEqual({ key: 0, raw: raw('do servidor') });
  });

  it('keeps the server\'s refusal to show it with a way to sign in', () => {
    expect(run(newForm(), { type: 'articleLoadFailed', message: 'Entre de novo.' }).loadError).toBe('Entre de novo.');
  });

  it('counts the files a reload interrupted', () => {
    expect(run(newForm(), { type: 'filesRestored', count: 2 }).restoredFiles).toBe(2);
  });
});

describe('typing in the fields', () => {
  it('makes the title in the URL follow the title, and clears the field\'s error only', () => {
    const withErrors = { ...newForm(), errors: { titulo: 'Informe o título.', descricao: 'Informe a descrição.' } };
    const state = run(withErrors, { type: 'fieldTyped', name: 'titulo', value: 'Prontuário Eletrônico' });
    expect(state.fields.titulo).toBe('Prontuário Eletrônico');
    expect(state.fields.tituloUrl).toBe('prontuario-eletronico');
    expect(state.errors.titulo).toBeUndefined();
    expect(state.errors.descricao).toBe('Informe a descrição.');
  });

  it('leaves the errors untouched when the field had none', () => {
    const before = newForm();
    expect(run(before, { type: 'fieldTyped', name: 'keywords', value: 'a, b' }).errors).toBe(before.errors);
  });

  it('fills the main image from a chosen image, clears its errors and says so', () => {
    const withErrors = { ...newForm(), errors: { imagemNome: 'x', imagemWidth: 'y', titulo: 'z' } };
    const image = { nome: 'foto.png', width: 600, height: 400 };
    const state = run(withErrors, { type: 'mainImageChosen', image });
    expect(state.fields).toMatchObject({ imagemNome: 'foto.png', imagemWidth: '600', imagemHeight: '400' });
    expect(state.errors).toEqual({ imagemNome: undefined, imagemWidth: undefined, imagemHeight: undefined, titulo: 'z' });
    expect(texts(state)).toEqual([['info', FORM_MESSAGES.mainImage(image)]]);
  });

  it('follows a file the server saved under another name only when the main image named it', () => {
    const named = run(newForm(), { type: 'fieldTyped', name: 'imagemNome', value: 'Foto 1.PNG' });
    expect(run(named, { type: 'fileRenamed', filename: 'Foto 1.PNG', nome: 'foto-1.png' }).fields.imagemNome).toBe('foto-1.png');
    expect(run(named, { type: 'fileRenamed', filename: 'outra.png', nome: 'outra-1.png' })).toBe(named);
  });
});

describe('messages', () => {
  it('adds each message with its own id and links, and clears them', () => {
    const link = { href: '/novo-artigo', label: FORM_MESSAGES.writeAnother };
    const state = run(newForm(), { type: 'messageShown', kind: 'error', text: 'um' }, { type: 'messageShown', kind: 'info', text: 'dois', links: [link] });
    expect(state.messages).toEqual([
      { id: 0, kind: 'error', text: 'um', links: [] },
      { id: 1, kind: 'info', text: 'dois', links: [link] },
    ]);
    const cleared = run(state, { type: 'messagesCleared' }, { type: 'messageShown', kind: 'info', text: 'três' });
    expect(cleared.messages).toEqual([{ id: 2, kind: 'info', text: 'três', links: [] }]);
  });
});

describe('a button\'s checks', () => {
  it('clear the messages, show the errors and summarise them', () => {
    const said = run(newForm(), { type: 'messageShown', kind: 'success', text: 'antes' });
    const state = run(said, { type: 'actionChecked', errors: { descricao: 'Informe a descrição.', titulo: 'Informe o título.' } });
    expect(state.errors).toEqual({ descricao: 'Informe a descrição.', titulo: 'Informe o título.' });
    expect(texts(state)).toEqual([['error', VALIDATION_MESSAGES.summary]]);
    expect(firstInvalidField(state.errors)).toBe('titulo');
  });

  it('clear the errors and say nothing when all is well, and leave the errors alone when none are checked', () => {
    const invalid = run(newForm(), { type: 'actionChecked', errors: { titulo: 'x' } });
    const valid = run(invalid, { type: 'actionChecked', errors: {} });
    expect(valid.errors).toEqual({});
    expect(valid.messages).toEqual([]);
    expect(firstInvalidField(valid.errors)).toBeUndefined();
    const unchecked = run(invalid, { type: 'actionChecked', errors: null });
    expect(unchecked.errors).toEqual({ titulo: 'x' });
    expect(unchecked.messages).toEqual([]);
  });
});

describe('the server\'s answers', () => {
  it('a save is busy until its report, whose lines are said in order', () => {
    const started = run(newForm(), { type: 'saveStarted' });
    expect(started.busy).toBe(true);
    const lines = [
      { kind: 'success', text: FLOW_MESSAGES.uploaded('a.png') },
      { kind: 'success', text: FLOW_MESSAGES.created },
    ] as const;
    const done = run(started, { type: 'saveFinished', lines: [...lines], conflict: false });
    expect(done.busy).toBe(false);
    expect(done.conflict).toBe(false);
    expect(texts(done)).toEqual(lines.map((line) => [line.kind, line.text]));
  });

  it('a conflict (from a button or the autosave) stays until the editor overwrites', () => {
    const conflict = run(newForm(), { type: 'saveStarted' }, { type: 'saveFinished', lines: [{ kind: 'error', text: FLOW_MESSAGES.conflict }], conflict: true });
    expect(conflict.conflict).toBe(true);
    expect(run(conflict, { type: 'saveStarted' }, { type: 'saveFinished', lines: [], conflict: false }).conflict).toBe(true);
    expect(run(newForm(), { type: 'conflictFound' }).conflict).toBe(true);
    const overwritten = run(conflict, { type: 'saveStarted' }, { type: 'overwriteFinished', outcome: { kind: 'saved' } });
    expect(overwritten).toMatchObject({ busy: false, conflict: false });
    expect(texts(overwritten).at(-1)).toEqual(['success', FORM_MESSAGES.overwritten]);
  });

  it('an overwrite refused says why and keeps the conflict; one that meets another conflict says nothing', () => {
    const conflict = run(newForm(), { type: 'conflictFound' }, { type: 'saveStarted' });
    const refused = run(conflict, { type: 'overwriteFinished', outcome: { kind: 'refused', message: 'Chave inválida.' } });
    expect(refused).toMatchObject({ busy: false, conflict: true });
    expect(texts(refused)).toEqual([['error', 'Chave inválida.']]);
    const again = run(conflict, { type: 'overwriteFinished', outcome: { kind: 'conflict' } });
    expect(again).toMatchObject({ busy: false, conflict: true, messages: [] });
  });

  it('shows the saver\'s id, version and status as it reports them', () => {
    const saver = { id: 9, versao: 1, status: 'rascunho' } as const;
    expect(run(newForm(), { type: 'saverChanged', saver }).saver).toEqual(saver);
  });

  it('a schedule moves the article\'s publication time (nothing to move on a new one)', () => {
    const at = '2026-02-01T15:00:00.000Z';
    expect(run(initialFormState(article, ''), { type: 'scheduled', publicarEm: at }).loaded?.publicar_em).toBe(at);
    expect(run(newForm(), { type: 'scheduled', publicarEm: at }).loaded).toBeNull();
  });
});

describe('the browser\'s copy', () => {
  it('discarded on a new article: the fields empty but the key, the editor restarts empty at once', () => {
    const typed = run(
      newForm(),
      { type: 'newArticleOpened', copy: copy(null) },
      { type: 'fieldTyped', name: 'chave', value: 'segredo' },
      { type: 'filesRestored', count: 1 },
      { type: 'actionChecked', errors: { descricao: 'x' } },
    );
    const state = run(typed, { type: 'draftDiscarded' });
    expect(state.fields).toEqual({ ...EMPTY_FIELDS, chave: 'segredo' });
    expect(state).toMatchObject({ notice: null, staleCopy: null, errors: {}, restoredFiles: 0 });
    expect(state.editorSession).toEqual({ key: 1, raw: null });
  });

  it('discarded on an article: its server fields now, its text once converted again', () => {
    const opened = run(initialFormState(undefined, ''), { type: 'articleOpened', article, copy: copy(2), serverRaw: raw('do servidor') });
    const discarded = run(opened, { type: 'fieldTyped', name: 'titulo', value: 'Mudado' }, { type: 'draftDiscarded' });
    expect(discarded.fields).toEqual(fieldsFromArticle(article));
    expect(discarded.staleCopy).toBeNull();
    expect(discarded.editorSession).toBe(opened.editorSession);
    expect(run(discarded, { type: 'editorRestarted', raw: raw('de novo') }).editorSession).toEqual({ key: 1, raw: raw('de novo') });
  });

  it('made from an older version, used on request: its fields over the form\'s and its text in a new editor', () => {
    const stale = copy(2);
    const opened = run(initialFormState(undefined, ''), { type: 'fieldTyped', name: 'chave', value: 'k' }, { type: 'articleOpened', article, copy: stale, serverRaw: raw('do servidor') });
    const used = run(opened, { type: 'staleCopyUsed' });
    expect(used.fields).toEqual({ ...opened.fields, ...stale.fields });
    expect(used.editorSession).toEqual({ key: 1, raw: stale.content });
    expect(used).toMatchObject({ notice: { kind: 'restored' }, staleCopy: null });
    expect(run(used, { type: 'staleCopyUsed' })).toBe(used);
  });
});

describe('"Antes de publicar" reads the form', () => {
  const published = ({ id, titulo_url }: { id: number; titulo_url: string }) => `/noticias/${id}/${titulo_url}`;
  const credits = { clinico: true, referencias: [{ texto: 'Fonte' }, { texto: '  ' }] };

  it('with the main image only when named, and only references with a text', () => {
    const state = run(initialFormState(article, ''), { type: 'fieldTyped', name: 'imagemCaption', value: 'Legenda' });
    const source = checksSource(state, { id: 7, conteudo: '<p>x</p>', credits, reviewed: false, published });
    expect(source).toEqual({
      input: { titulo: 'Prontuário', titulo_url: 'prontuario', descricao: 'Sobre prontuários', conteudo: '<p>x</p>', imagemPrincipal: null, clinico: true, referencias: 1, revisada: false },
      path: '/noticias/7/prontuario',
    });
    const named = run(state, { type: 'fieldTyped', name: 'imagemNome', value: 'a.png' });
    expect(checksSource(named, { id: 7, conteudo: '', credits, reviewed: true, published }).input).toMatchObject({ imagemPrincipal: { alt: '', legenda: 'Legenda' }, revisada: true });
  });

  it('at the previewed id before the first save', () => {
    const state = run(newForm(), { type: 'fieldTyped', name: 'titulo', value: 'Novo' });
    expect(checksSource(state, { id: null, conteudo: '', credits, reviewed: false, published }).path).toBe('/noticias/12/novo');
  });
});
