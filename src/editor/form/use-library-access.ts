import { useMemo } from 'react';
import type { Credentials } from '../../client/article-api.js';
import { createMediaLibraryApi } from '../../client/media-library-api.js';
import type { LibraryAccess } from '../ui/library-context.js';

/** The media library with the form's credentials, for the article being edited (both read when an image is chosen). */
export function useLibraryAccess(apiBasePath: string, articleId: () => number | null, credentials: () => Credentials | null): LibraryAccess {
  const api = useMemo(() => createMediaLibraryApi(apiBasePath), [apiBasePath]);
  return {
    search: (query) => {
      const creds = credentials();
      return creds ? api.search(query, creds) : null;
    },
    insert: (id_imagem) => {
      const id = articleId();
      const creds = credentials();
      return id !== null && creds ? api.insert(id, id_imagem, creds) : null;
    },
  };
}
