import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createArticleApi, type ArticleReference, type EditableArticle, type NewArticlePayload } from '../../client/article-api.js';

/** Who signs the article, whether it is health content, and its sources (issue 18). */
export interface CreditsValue {
  /** Undefined: the server's default, whoever creates the article. */
  autores: number[] | undefined;
  clinico: boolean;
  referencias: ArticleReference[];
}

export const CREDITS_MESSAGES = {
  legend: 'Autoria e conteúdo clínico',
  authors: 'Autores',
  creatorByDefault: 'Sem escolha, o artigo é assinado por quem o cria.',
  addAuthor: 'Adicionar autor',
  chooseAuthor: 'Escolha uma pessoa',
  moveUp: (nome: string) => `Subir ${nome}`,
  remove: (nome: string) => `Remover ${nome}`,
  clinical: 'Conteúdo clínico (precisa de revisão médica antes de ser publicado)',
  references: 'Referências',
  referenceText: (index: number) => `Referência ${index}: texto`,
  referenceUrl: (index: number) => `Referência ${index}: endereço (opcional, http ou https)`,
  addReference: 'Adicionar referência',
  removeReference: (index: number) => `Remover a referência ${index}`,
  signersFailed: 'Não foi possível carregar a lista de pessoas.',
  signInToChoose: 'Entre com a sua conta (e-mail e senha) para escolher os autores.',
} as const;

const creditsOf = (article: EditableArticle | null): CreditsValue => ({
  autores: article?.autores && article.autores.length > 0 ? article.autores : undefined,
  clinico: article?.clinico ?? false,
  referencias: article?.referencias ?? [],
});

/**
 * The credits beside the form's other fields: kept here so that the form only mounts them and adds
 * them to what it saves (`payload`), which reads the latest value when the save's turn comes.
 */
export function useArticleCredits(article: EditableArticle | null, onChange: () => void) {
  const [credits, setCredits] = useState(() => creditsOf(article));
  const latest = useRef(credits);
  const articleId = article?.id;
  useEffect(() => {
    const loaded = creditsOf(article);
    latest.current = loaded;
    setCredits(loaded);
  }, [articleId]); // eslint-disable-line react-hooks/exhaustive-deps -- once per article read from the server, not on every new object for it
  const change = useCallback(
    (next: CreditsValue) => {
      latest.current = next;
      setCredits(next);
      onChange();
    },
    [onChange],
  );
  const payload = useCallback((fields: NewArticlePayload): NewArticlePayload => {
    const { autores, clinico, referencias } = latest.current;
    // A row left empty is not a reference; one half filled is sent, for the server to say what is missing.
    const filled = referencias.filter((reference) => reference.texto.trim() !== '' || (reference.url ?? '').trim() !== '');
    return { ...fields, ...(autores ? { autores } : {}), clinico, referencias: filled.map(({ texto, url }) => ({ texto: texto.trim(), ...(url?.trim() ? { url: url.trim() } : {}) })) };
  }, []);
  return { credits, change, payload };
}

interface CreditsFieldsProps {
  apiBasePath: string;
  value: CreditsValue;
  onChange: (value: CreditsValue) => void;
  /** Only a signed-in person reads the list of people (the session cookie authorises it). */
  signedIn: boolean;
  disabled?: boolean;
}

/** Authors picker, clinical switch and references list. */
export function CreditsFields({ apiBasePath, value, onChange, signedIn, disabled }: CreditsFieldsProps) {
  const api = useMemo(() => createArticleApi(apiBasePath), [apiBasePath]);
  const [signers, setSigners] = useState<{ id: number; nome: string }[] | null>(null);
  const [signersError, setSignersError] = useState(false);
  const [choice, setChoice] = useState('');
  useEffect(() => {
    if (signedIn) void api.signers().then((result) => (result.ok ? setSigners(result.value) : setSignersError(true)));
  }, [api, signedIn]);

  const authors = value.autores ?? [];
  const nameOf = (id: number) => signers?.find((signer) => signer.id === id)?.nome ?? `Pessoa ${id}`;
  const setAuthors = (autores: number[]) => onChange({ ...value, autores: autores.length > 0 ? autores : undefined });
  const setReference = (index: number, change: Partial<ArticleReference>) =>
    onChange({ ...value, referencias: value.referencias.map((reference, at) => (at === index ? { ...reference, ...change } : reference)) });
  const available = (signers ?? []).filter((signer) => !authors.includes(signer.id));

  return (
    <fieldset className="credits-fields">
      <legend>{CREDITS_MESSAGES.legend}</legend>
      <div className="field">
        <span className="field-label" id="artigo-autores-rotulo">
          {CREDITS_MESSAGES.authors}
        </span>
        {authors.length === 0 ? (
          <p className="field-hint">{CREDITS_MESSAGES.creatorByDefault}</p>
        ) : (
          <ol className="credits-authors" aria-labelledby="artigo-autores-rotulo">
            {authors.map((id, index) => (
              <li key={id}>
                <span>{nameOf(id)}</span>
                {index > 0 && (
                  <button type="button" className="button button-small button-secondary" disabled={disabled} onClick={() => setAuthors(authors.toSpliced(index - 1, 2, id, authors[index - 1]!))}>
                    {CREDITS_MESSAGES.moveUp(nameOf(id))}
                  </button>
                )}
                <button type="button" className="button button-small button-secondary" disabled={disabled} onClick={() => setAuthors(authors.filter((author) => author !== id))}>
                  {CREDITS_MESSAGES.remove(nameOf(id))}
                </button>
              </li>
            ))}
          </ol>
        )}
        {signersError && <p className="field-error">{CREDITS_MESSAGES.signersFailed}</p>}
        {!signedIn && <p className="field-hint">{CREDITS_MESSAGES.signInToChoose}</p>}
        <div className="credits-add" hidden={!signedIn}>
          <label htmlFor="artigo-autor-novo" className="visually-hidden">
            {CREDITS_MESSAGES.chooseAuthor}
          </label>
          <select id="artigo-autor-novo" value={choice} disabled={disabled || !signers} onChange={(event) => setChoice(event.target.value)}>
            <option value="">{CREDITS_MESSAGES.chooseAuthor}</option>
            {available.map((signer) => (
              <option key={signer.id} value={String(signer.id)}>
                {signer.nome}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button-small button-secondary"
            disabled={disabled || choice === ''}
            onClick={() => {
              setAuthors([...authors, Number(choice)]);
              setChoice('');
            }}
          >
            {CREDITS_MESSAGES.addAuthor}
          </button>
        </div>
      </div>
      <div className="field field-check">
        <input id="artigo-clinico" type="checkbox" checked={value.clinico} disabled={disabled} onChange={(event) => onChange({ ...value, clinico: event.target.checked })} />
        <label htmlFor="artigo-clinico">{CREDITS_MESSAGES.clinical}</label>
      </div>
      <div className="field">
        <span className="field-label">{CREDITS_MESSAGES.references}</span>
        <ol className="credits-references">
          {value.referencias.map((reference, index) => (
            <li key={index}>
              <label htmlFor={`artigo-referencia-${index}`}>{CREDITS_MESSAGES.referenceText(index + 1)}</label>
              <input id={`artigo-referencia-${index}`} value={reference.texto} disabled={disabled} onChange={(event) => setReference(index, { texto: event.target.value })} />
              <label htmlFor={`artigo-referencia-url-${index}`}>{CREDITS_MESSAGES.referenceUrl(index + 1)}</label>
              <input id={`artigo-referencia-url-${index}`} type="url" inputMode="url" value={reference.url ?? ''} disabled={disabled} onChange={(event) => setReference(index, { url: event.target.value })} />
              <button type="button" className="button button-small button-secondary" disabled={disabled} onClick={() => onChange({ ...value, referencias: value.referencias.filter((_reference, at) => at !== index) })}>
                {CREDITS_MESSAGES.removeReference(index + 1)}
              </button>
            </li>
          ))}
        </ol>
        <button type="button" className="button button-small button-secondary" disabled={disabled} onClick={() => onChange({ ...value, referencias: [...value.referencias, { texto: '' }] })}>
          {CREDITS_MESSAGES.addReference}
        </button>
      </div>
    </fieldset>
  );
}
