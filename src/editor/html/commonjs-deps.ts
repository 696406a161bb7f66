import draftJs from 'draft-js';
import immutable from 'immutable';

/**
 * draft-js and immutable as the paste normaliser uses them, read from their CommonJS default export:
 * Node's ESM (the server run from source with tsx, the archive import) sees no named exports in either
 * package, while the browser bundle, Vite's server bundle and Vitest all give the default export too.
 * Modules the server loads take them from here; the editor's browser-only modules keep named imports.
 */
export const { CharacterMetadata, ContentBlock, ContentState, genKey } = draftJs;
export const { List, Map: ImmutableMap, OrderedSet } = immutable;

export type CharacterMetadata = import('draft-js').CharacterMetadata;
export type ContentBlock = import('draft-js').ContentBlock;
export type ContentState = import('draft-js').ContentState;
export type List<T> = import('immutable').List<T>;
export type ImmutableMap<K, V> = import('immutable').Map<K, V>;
export type OrderedSet<T> = import('immutable').OrderedSet<T>;
