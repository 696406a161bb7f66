import type { DraftSlot } from './draft-storage.js';

/**
 * Files chosen (or pasted) for an article but not yet on the server, kept in IndexedDB beside the
 * browser's text draft: localStorage holds only strings, and photos are megabytes. Written when the set
 * of waiting files changes, read back when the page opens. A browser without IndexedDB (or with it
 * blocked) keeps working without this copy.
 */
const DATABASE = 'prontivo-editor';
const STORE = 'arquivos-pendentes';

interface StoredFile {
  name: string;
  type: string;
  lastModified: number;
  data: Blob;
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

export async function savePendingFiles(slot: DraftSlot, files: File[]): Promise<void> {
  if (files.length === 0) return clearPendingFiles(slot);
  const stored: StoredFile[] = files.map((file) => ({ name: file.name, type: file.type, lastModified: file.lastModified, data: file }));
  await run('readwrite', (store) => store.put(stored, keyOf(slot)));
}

export async function loadPendingFiles(slot: DraftSlot): Promise<File[]> {
  const stored = await run<StoredFile[] | undefined>('readonly', (store) => store.get(keyOf(slot)));
  if (!Array.isArray(stored)) return [];
  return stored.map((file) => new File([file.data], file.name, { type: file.type, lastModified: file.lastModified }));
}

export async function clearPendingFiles(slot: DraftSlot): Promise<void> {
  await run('readwrite', (store) => store.delete(keyOf(slot)));
}
