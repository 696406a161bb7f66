import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** The files of an uploaded archive, read one at a time when asked for, never all at once. */
export interface ArchiveFiles {
  /** Paths of the files (folders left out), as the zip names them. */
  readonly names: string[];
  /** A file's bytes; null when it is absent or larger than `maxBytes`. */
  read(name: string, maxBytes: number): Promise<Buffer | null>;
  close(): void;
}

function openFile(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.once('end', () => resolve(Buffer.concat(chunks)));
      stream.once('error', reject);
    });
  });
}

/**
 * Opens a zip from disk: its directory is read once, each file's bytes when asked (yauzl checks every
 * size the zip declares, so a file claiming 1 KB cannot inflate to 1 GB unnoticed).
 */
export async function openZip(path: string): Promise<ArchiveFiles> {
  const zip = await openFile(path);
  const entries = await listEntries(zip);
  return {
    names: [...entries.keys()],
    async read(name, maxBytes) {
      const entry = entries.get(name);
      if (!entry || entry.uncompressedSize > maxBytes) return null;
      return readEntry(zip, entry);
    },
    close: () => zip.close(),
  };
}

/** Whether a file starts as a zip does (PK\x03\x04). */
export function isZip(head: Buffer): boolean {
  return head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;
}
