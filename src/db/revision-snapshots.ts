import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { RevisionSnapshot } from './repository.js';

const compress = promisify(gzip);
const decompress = promisify(gunzip);

/** How a revision is stored: its fields as JSON, and its body, most of its weight, gzip-compressed apart. */
export interface PackedSnapshot {
  instantaneo: string;
  conteudo_gz: Buffer;
}

/** Off the event loop (zlib's thread pool): a body of thousands of words takes a few milliseconds. */
export async function packSnapshot({ conteudo, ...fields }: RevisionSnapshot): Promise<PackedSnapshot> {
  return { instantaneo: JSON.stringify(fields), conteudo_gz: await compress(conteudo) };
}

/**
 * Reads every form: revisions saved before schema version 5 hold the body inside instantaneo, those
 * saved before version 14 have no alternative text (the caption served), and those saved before
 * topics were recorded have none.
 */
export async function unpackSnapshot(instantaneo: string, conteudo_gz: Buffer | null): Promise<RevisionSnapshot> {
  const fields = { imagem_alt: null, temas: null, ...(JSON.parse(instantaneo) as Omit<RevisionSnapshot, 'imagem_alt' | 'temas'>) } as RevisionSnapshot;
  return conteudo_gz ? { ...fields, conteudo: (await decompress(conteudo_gz)).toString('utf8') } : fields;
}
