import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { apiRequest } from '../../client/api-client.js';
import { slugify } from '../../lib/slug.js';
import { distinctTopicNames, TOPIC_LIMITS, TOPIC_MESSAGES } from '../../lib/topics.js';

export const TOPICS_FIELD_ID = 'artigo-temas';

/**
 * The article's topics while the form is open. The form sends them with every save once the article
 * has or had one: an article from before topics saves as it always did until the editor gives it one.
 */
export function useArticleTopics(loaded: { id: number; temas?: string[] } | null, changed: () => void) {
  const [names, setNames] = useState<string[]>(loaded?.temas ?? []);
  const current = useRef(names);
  const hadSome = useRef(names.length > 0);
  const loadedId = loaded?.id;
  useEffect(() => {
    if (loadedId === undefined) return;
    const initial = loaded?.temas ?? [];
    current.current = initial;
    hadSome.current = initial.length > 0;
    setNames(initial);
  }, [loadedId]); // eslint-disable-line react-hooks/exhaustive-deps -- once per article read from the server
  return {
    names,
    set(next: string[]) {
      current.current = next;
      hadSome.current ||= next.length > 0;
      setNames(next);
      changed();
    },
    /** What a save sends besides the article's fields. */
    payload: (): { temas?: string[] } => (hadSome.current ? { temas: current.current } : {}),
  };
}

/** The topics already in use, offered as the editor types (GET {api}/temas: an editor sees them all). */
function useTopicSuggestions(apiBasePath: string): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    void apiRequest<{ nome: string }[]>(`${apiBasePath}/temas`).then((result) => {
      if (result.ok) setNames(result.value.map((topic) => topic.nome));
    });
  }, [apiBasePath]);
  return names;
}

/** One to five topics: each chosen one removable, a new one typed (existing ones suggested) and added. */
export function TopicsField({ apiBasePath, value, onChange }: { apiBasePath: string; value: string[]; onChange: (next: string[]) => void }) {
  const suggestions = useTopicSuggestions(apiBasePath);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const full = value.length >= TOPIC_LIMITS.perArticle;
  const chosen = new Set(value.map(slugify));

  const add = () => {
    const name = typed.trim();
    if (!name) return;
    if (slugify(name) === '') return setProblem(TOPIC_MESSAGES.nameWithoutLetters);
    if (name.length > TOPIC_LIMITS.name) return setProblem(TOPIC_MESSAGES.nameTooLong);
    // The existing spelling of a topic wins over a new one of the same slug.
    const existing = suggestions.find((suggestion) => slugify(suggestion) === slugify(name)) ?? name;
    const next = distinctTopicNames([...value, existing]);
    if (next.length > TOPIC_LIMITS.perArticle) return setProblem(TOPIC_MESSAGES.tooMany);
    setTyped('');
    setProblem(null);
    if (next.length !== value.length) onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the topic; it never sends the form.
    event.preventDefault();
    add();
  };
  const describedBy = [`${TOPICS_FIELD_ID}-dica`, problem ? `${TOPICS_FIELD_ID}-erro` : ''].filter(Boolean).join(' ');

  return (
    <fieldset className="topics-field">
      <legend>Temas</legend>
      {value.length > 0 && (
        <ul className="topics-chosen" aria-label="Temas escolhidos">
          {value.map((name) => (
            <li key={name}>
              <span>{name}</span>
              <button type="button" className="topics-remove" aria-label={`Remover o tema ${name}`} onClick={() => onChange(value.filter((other) => other !== name))}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={`field${problem ? ' field-invalid' : ''}`}>
        <label htmlFor={TOPICS_FIELD_ID}>{full ? 'Limite de temas atingido' : 'Adicionar tema'}</label>
        <div className="topics-add">
          <input
            id={TOPICS_FIELD_ID}
            type="text"
            list={`${TOPICS_FIELD_ID}-existentes`}
            value={typed}
            maxLength={TOPIC_LIMITS.name}
            disabled={full}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="button button-secondary button-small" onClick={add} disabled={full}>
            Adicionar
          </button>
        </div>
        <datalist id={`${TOPICS_FIELD_ID}-existentes`}>
          {suggestions
            .filter((name) => !chosen.has(slugify(name)))
            .map((name) => (
              <option key={name} value={name} />
            ))}
        </datalist>
        <p id={`${TOPICS_FIELD_ID}-dica`} className="field-hint">
          De 1 a {TOPIC_LIMITS.perArticle} temas para publicar. Escolha um existente ou escreva um novo.
        </p>
        {problem && (
          <p id={`${TOPICS_FIELD_ID}-erro`} className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </fieldset>
  );
}
