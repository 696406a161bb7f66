import { useEffect, useId, useState } from 'react';
import type { InsertedImage, LibraryEntry } from '../../client/media-library-api.js';
import { LIBRARY_PAGE_SIZE } from '../../lib/library-page-size.js';
import { useLibrary } from './library-context.js';

export const LIBRARY_MESSAGES = {
  notSaved: 'Salve o artigo uma vez para usar imagens da biblioteca.',
  noCredentials: 'Informe a chave para ver a biblioteca.',
  empty: 'Nenhuma imagem encontrada.',
  loading: 'Carregando a biblioteca…',
  inserted: (nome: string) => `“${nome}” agora faz parte deste artigo (sem cópia).`,
  firstPage: `As ${LIBRARY_PAGE_SIZE} mais recentes: procure pelo nome, pelo texto alternativo ou pelo artigo para achar outras.`,
} as const;

const usesLabel = (count: number) => (count === 0 ? 'sem uso' : count === 1 ? 'usada em 1 artigo' : `usada em ${count} artigos`);

/**
 * The team's images, searchable by name, alt text and article: choosing one makes it the article's (the
 * server links it, no upload, no copy) and hands its URLs and default texts to whoever asked.
 */
export function LibraryPicker({ onPick }: { onPick: (image: InsertedImage) => void }) {
  const library = useLibrary();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [entries, setEntries] = useState<LibraryEntry[] | null>(null);
  const [message, setMessage] = useState('');

  const search = async (text: string) => {
    if (!library) return;
    const pending = library.search(text);
    if (!pending) {
      setMessage(LIBRARY_MESSAGES.noCredentials);
      return;
    }
    const result = await pending;
    if (result.ok) setEntries(result.value);
    else setMessage(result.message);
  };

  useEffect(() => {
    void search('');
    // Once, when the picker opens; later searches are asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!library) return null;

  const pick = async (entry: LibraryEntry) => {
    const pending = library.insert(entry.id);
    if (!pending) {
      setMessage(LIBRARY_MESSAGES.notSaved);
      return;
    }
    const result = await pending;
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    setMessage(LIBRARY_MESSAGES.inserted(result.value.nome));
    onPick(result.value);
  };

  return (
    <div className="rte-dialog-field library-picker">
      <label htmlFor={searchId}>Da biblioteca</label>
      <div className="library-picker-search">
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder="Nome, texto alternativo ou artigo"
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            // Enter searches; it must not submit the dialog.
            event.preventDefault();
            void search(query);
          }}
        />
        <button type="button" className="rte-secondary" onClick={() => void search(query)}>
          Procurar
        </button>
      </div>
      {entries === null ? (
        <p className="library-picker-note">{LIBRARY_MESSAGES.loading}</p>
      ) : entries.length === 0 ? (
        <p className="library-picker-note">{LIBRARY_MESSAGES.empty}</p>
      ) : (
        <ul className="library-picker-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <button type="button" className="library-picker-item" onClick={() => void pick(entry)} aria-label={`Usar ${entry.nome} (${entry.titulo_artigo}, ${usesLabel(entry.usos.length)})`}>
                <img src={entry.miniatura} alt="" width={96} height={Math.max(1, Math.round((96 * entry.height) / entry.width))} loading="lazy" />
                <span>
                  <strong>{entry.nome}</strong>
                  <small>{`${entry.titulo_artigo} · ${usesLabel(entry.usos.length)}`}</small>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {entries?.length === LIBRARY_PAGE_SIZE && <p className="library-picker-note">{LIBRARY_MESSAGES.firstPage}</p>}
      <p className="library-picker-note" role="status">
        {message}
      </p>
    </div>
  );
}
