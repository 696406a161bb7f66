import type { RawDraftContentState } from 'draft-js';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { createArticleApi } from '../../client/article-api.js';
import { slugify } from '../../lib/slug.js';
import type { EditorHandle, RichTextEditorProps } from '../ui/rich-text-editor.js';
import { clearDraft, hasContent, loadDraft } from './draft-storage.js';
import { applyFieldChange, EMPTY_FIELDS, FIELD_IDS, type ArticleFields, type FieldName } from './fields.js';
import { SAVE_MESSAGES, saveArticle } from './save-article.js';
import { StatusMessages, type StatusMessage } from './status-messages.js';
import { TextField } from './text-field.js';
import { Uploader } from './uploader.js';
import type { ArticleFormProps } from './form-props.js';
import { useDraftAutosave } from './use-draft.js';
import { useUploadSlots } from './use-upload-slots.js';
import { validateArticle, toPayload, VALIDATION_MESSAGES, type FieldErrors } from './validation.js';


const EDITOR_LOAD_FAILED = 'Não foi possível carregar o editor. Verifique a conexão e recarregue a página: o rascunho está salvo.';
const CONTENT_LABEL_ID = 'artigo-conteudo-rotulo';
const FIELD_ORDER: FieldName[] = ['chave', 'titulo', 'tituloUrl', 'descricao', 'conteudo', 'imagemNome', 'imagemWidth', 'imagemHeight'];

export function ArticleForm({ apiBasePath, initialNextId = '', loadEditor }: ArticleFormProps) {
  const api = useMemo(() => createArticleApi(apiBasePath), [apiBasePath]);
  const [fields, setFields] = useState<ArticleFields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [nextId, setNextId] = useState(initialNextId);
  const [messages, setMessages] = useState<StatusMessage[]>([]);
  const [saving, setSaving] = useState(false);
  const [restored, setRestored] = useState(false);
  const [editorSession, setEditorSession] = useState<{ key: number; raw: RawDraftContentState | null } | null>(null);
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(null);
  const editor = useRef<EditorHandle>(null);
  const messageId = useRef(0);

  const say = useCallback((kind: StatusMessage['kind'], text: string, link?: StatusMessage['link']) => {
    setMessages((current) => [...current, { id: messageId.current++, kind, text, ...(link ? { link } : {}) }]);
  }, []);
  const uploads = useUploadSlots(useCallback((message: string) => say('error', message), [say]));
  const readContent = () => editor.current?.rawSnapshot().raw ?? editorSession?.raw ?? null;
  const draft = useDraftAutosave(fields, readContent, editorSession !== null);

  const refreshNextId = useCallback(async () => {
    const result = await api.nextId();
    if (result.ok) setNextId(String(result.value));
  }, [api]);

  // After hydration: restore the draft, then mount Draft.js (its random block keys cannot be server-rendered).
  useEffect(() => {
    const stored = loadDraft();
    if (stored && hasContent(stored)) {
      setFields((current) => ({ ...current, ...stored.fields }));
      setRestored(true);
    }
    setEditorSession({ key: 0, raw: stored && hasContent(stored) ? stored.content : null });
    void refreshNextId();
    loadEditor?.().then(
      (component) => setEditor(() => component),
      () => say('error', EDITOR_LOAD_FAILED),
    );
  }, [refreshNextId, loadEditor, say]);

  const set = (name: Exclude<keyof ArticleFields, 'tituloUrlManual'>) => (value: string) => {
    setFields((current) => applyFieldChange(current, name, value, slugify));
    if (errors[name as FieldName]) setErrors((current) => ({ ...current, [name]: undefined }));
    if (name !== 'chave') draft.schedule();
  };

  const discardDraft = () => {
    draft.cancel();
    clearDraft();
    setFields((current) => ({ ...EMPTY_FIELDS, chave: current.chave }));
    setEditorSession((current) => ({ key: (current?.key ?? 0) + 1, raw: null }));
    setRestored(false);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const snapshot = editor.current?.rawSnapshot();
    const found = validateArticle(fields, !snapshot || snapshot.empty);
    setErrors(found);
    setMessages([]);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) {
      say('error', VALIDATION_MESSAGES.summary);
      if (first === 'conteudo') editor.current?.focus();
      else document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    draft.flush();
    setSaving(true);
    const report = await saveArticle(api, fields.chave, toPayload(fields, editor.current!.exportHtml()), uploads.files);
    setSaving(false);
    for (const line of report.messages) say(line.kind, line.text);
    if (!report.ok) return;
    draft.cancel();
    clearDraft();
    uploads.clear();
    setRestored(false);
    setFields((current) => ({ ...EMPTY_FIELDS, chave: current.chave }));
    setEditorSession((current) => ({ key: (current?.key ?? 0) + 1, raw: null }));
    say('info', SAVE_MESSAGES.articleId(report.articleId!), { href: report.articleUrl!, label: SAVE_MESSAGES.viewArticle });
    void refreshNextId();
  };

  const error = (name: FieldName) => errors[name];
  const field = (name: Exclude<FieldName, 'conteudo'>, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField id={FIELD_IDS[name]} label={label} value={fields[name]} onChange={set(name)} error={error(name)} {...extra} />
  );

  return (
    <form className="article-form" onSubmit={submit} noValidate aria-busy={saving}>
      {restored && (
        <div className="draft-banner" role="status">
          <span>Rascunho restaurado.</span>
          <button type="button" className="button button-secondary button-small" onClick={discardDraft}>
            Descartar rascunho
          </button>
        </div>
      )}
      {field('chave', 'Chave', { type: 'password', required: true, autoComplete: 'current-password' })}
      <TextField id="artigo-novo-id" label="Novo ID" value={nextId} onChange={() => undefined} readOnly hint="Prévia: o servidor confirma o ID ao salvar." />
      {field('titulo', 'Título', { required: true })}
      {field('tituloUrl', 'Título na URL', { required: true, hint: 'Sugerido a partir do título; pode ser editado.' })}
      {field('descricao', 'Descrição', { required: true, multiline: true })}
      {field('keywords', 'Palavras-chave', { hint: 'Separadas por vírgula.' })}
      <div className={`field field-editor${error('conteudo') ? ' field-invalid' : ''}`}>
        <span id={CONTENT_LABEL_ID} className="field-label">
          Conteúdo<span className="required-mark" aria-hidden="true"> *</span>
        </span>
        {Editor && editorSession ? (
          <Editor
            key={editorSession.key}
            handle={editor}
            initialRaw={editorSession.raw}
            onChange={draft.schedule}
            labelId={CONTENT_LABEL_ID}
            errorId={error('conteudo') ? `${FIELD_IDS.conteudo}-erro` : undefined}
          />
        ) : (
          <div className="rte-loading" id={FIELD_IDS.conteudo}>
            Carregando o editor…
          </div>
        )}
        {error('conteudo') && (
          <p id={`${FIELD_IDS.conteudo}-erro`} className="field-error">
            {error('conteudo')}
          </p>
        )}
      </div>
      <fieldset>
        <legend>Imagem principal</legend>
        {field('imagemNome', 'Nome')}
        {field('imagemCaption', 'Legenda')}
        <div className="field-row">
          {field('imagemWidth', 'Largura (px)', { inputMode: 'numeric' })}
          {field('imagemHeight', 'Altura (px)', { inputMode: 'numeric' })}
        </div>
      </fieldset>
      <fieldset>
        <legend>Imagens</legend>
        <Uploader slots={uploads.slots} disabled={saving} onChoose={uploads.choose} onCancel={uploads.cancel} />
      </fieldset>
      <StatusMessages messages={messages} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Salvando…' : 'Salvar'}
        </button>
      </div>
    </form>
  );
}
