import { createContext, useContext } from 'react';
import type { ApiResult } from '../../client/api-client.js';
import type { InsertedImage, LibraryEntry } from '../../client/media-library-api.js';

/** What the article form lends the image pickers: the library, and making one of its images the article's. */
export interface LibraryAccess {
  /** Null when no credentials are at hand (a key not typed yet): nothing is asked of the server. */
  search(query: string): Promise<ApiResult<LibraryEntry[]>> | null;
  /** Null when the article has no id yet (never saved) or no credentials are at hand. */
  insert(id_imagem: number): Promise<ApiResult<InsertedImage>> | null;
}

export const LibraryContext = createContext<LibraryAccess | null>(null);

/** The library, when the form gave one (the editor alone, in tests, has none). */
export const useLibrary = () => useContext(LibraryContext);
