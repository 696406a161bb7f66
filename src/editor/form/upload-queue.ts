import type { ApiResult } from '../../client/api-client.js';
import type { Credentials, UploadedImage } from '../../client/article-api.js';
import type { UploadProgress } from '../../client/upload-request.js';
import type { ImageSet } from '../../images/image-set.js';

/** 10 MB of 1,048,576 bytes (spec section 9). */
export const MAX_UPLOAD_MB = 10;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1_048_576;
export const UPLOAD_MESSAGES = {
  tooLarge: `Tamanho do arquivo excede ${MAX_UPLOAD_MB} MB.`,
} as const;

/** An image of the article on the server, as the form shows it and the editor's image dialog offers it. */
export interface ArticleImage {
  nome: string;
  /** The master's site-relative URL (/assets/artigos/{id}/{nome}). */
  url: string;
  width: number;
  height: number;
  /** A small variant for the thumbnail. */
  thumbUrl: string;
}

export type SlotState =
  | { kind: 'empty' }
  /** Chosen, waiting for the article to exist on the server. */
  | { kind: 'queued' }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'uploaded'; image: ArticleImage }
  | { kind: 'failed'; message: string };

export interface UploadSlot {
  id: number;
  /** The chosen file; null for an image already on the server when the page opened. */
  file: File | null;
  name: string;
  previewUrl: string | null;
  /** Pixel size: as the browser decoded the chosen file, then as the server saved it. */
  size: { width: number; height: number } | null;
  state: SlotState;
}

export interface UploadTarget {
  id: number;
  credentials: Credentials;
}

export interface UploadOutcome {
  slotId: number;
  filename: string;
  ok: boolean;
  message?: string;
  image?: ArticleImage;
}

type Upload = (
  file: File,
  filename: string,
  articleId: number,
  credentials: Credentials,
  onProgress: (progress: UploadProgress) => void,
) => Promise<ApiResult<UploadedImage>>;

interface ObjectUrls {
  create: (file: File) => string;
  revoke: (url: string) => void;
}

/** The smallest WebP (or any) variant: a thumbnail of a few KB instead of the master. */
export function imageFromSet(set: Pick<ImageSet, 'nome' | 'width' | 'height' | 'masterUrl' | 'variants'>): ArticleImage {
  const small = [...(set.variants ?? [])].sort((a, b) => a.width - b.width || Number(b.format === 'webp') - Number(a.format === 'webp'))[0];
  return { nome: set.nome, url: set.masterUrl, width: set.width, height: set.height, thumbUrl: small?.url ?? set.masterUrl };
}

const browserUrls: ObjectUrls = {
  create: (file) => URL.createObjectURL(file),
  revoke: (url) => URL.revokeObjectURL(url),
};

/**
 * The uploader's slots and their uploads, outside React so the save flow can await them:
 * always one empty slot at the end; a failed file stays in its slot until it is retried or cancelled.
 */
export class UploadQueue {
  private slots: UploadSlot[];
  private nextId = 0;
  private readonly listeners = new Set<() => void>();
  private readonly inFlight = new Map<number, Promise<UploadOutcome>>();

  constructor(
    private readonly upload: Upload,
    existing: ArticleImage[] = [],
    private readonly urls: ObjectUrls = browserUrls,
  ) {
    this.slots = [
      ...existing.map((image) => ({
        id: this.nextId++,
        file: null,
        name: image.nome,
        previewUrl: image.thumbUrl,
        size: { width: image.width, height: image.height },
        state: { kind: 'uploaded', image } as const,
      })),
      this.emptySlot(),
    ];
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly snapshot = () => this.slots;

  /** Images on the server, for "Usar como imagem principal" and the editor's image dialog. */
  images(): ArticleImage[] {
    return this.slots.flatMap((slot) => (slot.state.kind === 'uploaded' ? [slot.state.image] : []));
  }

  /** Slots whose file still has to reach the server. */
  pending(): UploadSlot[] {
    return this.slots.filter((slot) => slot.file && (slot.state.kind === 'queued' || slot.state.kind === 'failed' || slot.state.kind === 'uploading'));
  }

  /** Returns the refusal message when the file is not accepted. */
  choose(slotId: number, file: File): string | null {
    if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
    const previewUrl = file.type.startsWith('image/') ? this.urls.create(file) : null;
    this.update((slots) => [
      ...slots.map((slot) => (slot.id === slotId ? { ...slot, file, name: file.name, previewUrl, state: { kind: 'queued' } as const } : slot)),
      this.emptySlot(),
    ]);
    return null;
  }

  /** A file from outside the slots (pasted or dropped): it takes the empty slot at the end, as if chosen there. */
  add(file: File): { slotId: number } | { refusal: string } {
    const slotId = this.slots[this.slots.length - 1]!.id;
    const refusal = this.choose(slotId, file);
    return refusal ? { refusal } : { slotId };
  }

  setSize(slotId: number, size: { width: number; height: number }): void {
    this.patch(slotId, (slot) => (slot.state.kind === 'uploaded' ? slot : { ...slot, size }));
  }

  /** False when the file is past cancelling (on its way or stored). */
  cancel(slotId: number): boolean {
    const slot = this.slots.find((item) => item.id === slotId);
    if (!slot || slot.state.kind === 'uploading' || slot.state.kind === 'uploaded') return false;
    this.revoke(slot);
    this.update((slots) => slots.filter((item) => item.id !== slotId));
    return true;
  }

  /** Uploads one slot (or joins its upload already under way). */
  start(slotId: number, target: UploadTarget): Promise<UploadOutcome> {
    const running = this.inFlight.get(slotId);
    if (running) return running;
    const slot = this.slots.find((item) => item.id === slotId);
    if (!slot?.file) return Promise.resolve({ slotId, filename: slot?.name ?? '', ok: false });
    const file = slot.file;
    this.patch(slotId, (current) => ({ ...current, state: { kind: 'uploading', fraction: 0 } }));
    const run = this.upload(file, file.name, target.id, target.credentials, ({ loaded, total }) =>
      this.patch(slotId, (current) =>
        current.state.kind === 'uploading' ? { ...current, state: { kind: 'uploading', fraction: total > 0 ? loaded / total : 0 } } : current,
      ),
    ).then((result): UploadOutcome => {
      this.inFlight.delete(slotId);
      if (!result.ok) {
        this.patch(slotId, (current) => ({ ...current, state: { kind: 'failed', message: result.message } }));
        return { slotId, filename: file.name, ok: false, message: result.message };
      }
      const image = imageFromSet({
        ...result.value,
        // Until the server answers with the pipeline's sizes, the browser's decode is the best there is.
        width: result.value.width ?? slot.size?.width ?? 0,
        height: result.value.height ?? slot.size?.height ?? 0,
        masterUrl: result.value.masterUrl ?? `/assets/artigos/${target.id}/${encodeURIComponent(result.value.nome)}`,
      });
      this.patch(slotId, (current) => {
        this.revoke(current);
        return { ...current, previewUrl: image.thumbUrl, size: { width: image.width, height: image.height }, state: { kind: 'uploaded', image } };
      });
      return { slotId, filename: file.name, ok: true, image };
    });
    this.inFlight.set(slotId, run);
    return run;
  }

  /** Every file not yet on the server, one at a time (the server decodes a bounded number at once). */
  async uploadPending(target: UploadTarget): Promise<UploadOutcome[]> {
    const outcomes: UploadOutcome[] = [];
    for (const slot of this.pending()) outcomes.push(await this.start(slot.id, target));
    return outcomes;
  }

  dispose(): void {
    for (const slot of this.slots) this.revoke(slot);
  }

  private emptySlot(): UploadSlot {
    return { id: this.nextId++, file: null, name: '', previewUrl: null, size: null, state: { kind: 'empty' } };
  }

  private revoke(slot: UploadSlot): void {
    if (slot.file && slot.previewUrl?.startsWith('blob:')) this.urls.revoke(slot.previewUrl);
  }

  private patch(slotId: number, change: (slot: UploadSlot) => UploadSlot): void {
    this.update((slots) => slots.map((slot) => (slot.id === slotId ? change(slot) : slot)));
  }

  private update(change: (slots: UploadSlot[]) => UploadSlot[]): void {
    this.slots = change(this.slots);
    for (const listener of this.listeners) listener();
  }
}
