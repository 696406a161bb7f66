import type { ImagePlace } from '../state/image-place.js';
import type { DraftSlot } from './draft-storage.js';

/**
 * Files chosen (or pasted) for an article but not yet on the server, kept in IndexedDB beside the
 * browser's text draft: localStorage holds only strings, and photos are megabytes. Written when the set
 * of waiting files changes, read back when the page opens. A browser without IndexedDB (or with it
 * blocked) keeps working without this copy.
 */
const DATABASE = 'prontivo-editor';
const STORE = 'arquivos-pendentes';

/**
 * Where a file pasted or dropped into the text goes once stored: its place in the text (block keys
 * survive in the text draft) or the placeholder its pasted HTML left there. A file chosen in "Imagens" has none.
 */
export type FilePlacement = { alt: string } & ({ place: ImagePlace } | { placeholder: string });

export interface PendingFile {
  file: File;
  placement?: FilePlacement;
}

interface StoredFile {
  name: string;
  type: string;
  lastModified: number;
  data: Blob;
  placement?: FilePlacement;
}

const keyOf = (slot: DraftSlot) => `arquivos:${slot}`;

function open(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DATABASE, 1);
    } catch {
      return resolve(null);
    }
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  const database = await open();
  if (!database) return null;
  return new Promise((resolve) => {
    const transaction = database.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => {
      database.close();
      resolve(request.result);
    };
    transaction.onerror = transaction.onabort = () => {
      database.close();
      resolve(null);
    };
  });
}

export async function savePendingFiles(slot: DraftSlot, files: PendingFile[]): Promise<void> {
  if (files.length === 0) return clearPendingFiles(slot);
  const stored: StoredFile[] = files.map(({ file, placement }) => ({
    name: file.name,
    type: file.type,
    lastModified: file.lastModified,
    data: file,
    ...(placement ? { placement } : {}),
  }));
  await run('readwrite', (store) => store.put(stored, keyOf(slot)));
}

export async function loadPendingFiles(slot: DraftSlot): Promise<PendingFile[]> {
  const stored = await run<StoredFile[] | undefined>('readonly', (store) => store.get(keyOf(slot)) as IDBRequest<StoredFile[] | undefined>);
  if (!Array.isArray(stored)) return [];
  return stored.map((file) => {
    const restored = new File([file.data], file.name, { type: file.type, lastModified: file.lastModified });
    const placement = readPlacement(file.placement);
    return placement ? { file: restored, placement } : { file: restored };
  });
}

/** Copies written before placements were kept, or by another version of the page, restore without one. */
function readPlacement(value: unknown): FilePlacement | null {
  if (typeof value !== 'object' || value === null) return null;
  const { alt, place, placeholder } = value as { alt?: unknown; place?: Partial<ImagePlace>; placeholder?: unknown };
  if (typeof alt !== 'string') return null;
  if (typeof placeholder === 'string') return { alt, placeholder };
  if (typeof place?.blockKey === 'string' && Number.isInteger(place.offset)) return { alt, place: { blockKey: place.blockKey, offset: place.offset! } };
  return null;
}

export async function clearPendingFiles(slot: DraftSlot): Promise<void> {
  await run('readwrite', (store) => store.delete(keyOf(slot)));
}
