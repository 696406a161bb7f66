import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import type { ImageSet } from '../../images/image-set.js';
import type { ImagePlace } from '../state/image-place.js';
import type { EditorHandle, ReceivedImage } from '../ui/rich-text-editor.js';
import type { DraftSlot } from './draft-storage.js';
import { loadPendingFiles, savePendingFiles, type FilePlacement } from './pending-files.js';
import { FLOW_MESSAGES } from './publish-flow.js';
import type { StatusMessage } from './status-messages.js';
import { imageFromSet, UploadQueue, type UploadOutcome, type UploadTarget } from './upload-queue.js';

/**
 * Where a pasted or dropped image goes once stored: a file's place in the text (the images of one paste
 * share it and keep their order), or the placeholder a data: image of pasted HTML left in it.
 */
type Placement = { alt: string } & ({ group: { place: ImagePlace } } | { placeholder: string });

/** As the browser's copy keeps it: the group's current place (it moves past each image placed). */
function storedPlacement(placement: Placement | undefined): FilePlacement | undefined {
  if (!placement) return undefined;
  return 'placeholder' in placement ? { alt: placement.alt, placeholder: placement.placeholder } : { alt: placement.alt, place: placement.group.place };
}

interface UploadsDeps {
  upload: ConstructorParameters<typeof UploadQueue>[0];
  initialImages: ImageSet[];
  editor: RefObject<EditorHandle | null>;
  /** The article on the server and who sends its files; null before it exists (files wait in the queue). */
  target: () => UploadTarget | null;
  draftSlot: () => DraftSlot;
  say: (kind: StatusMessage['kind'], text: string) => void;
  /** Each finished upload, whoever started it (the main image follows a renamed file). */
  onUploaded: (outcome: UploadOutcome) => void;
  /** Files a reload interrupted are back in the queue. */
  onRestored: (count: number) => void;
}

/**
 * The files of the article ("Imagens", and images pasted or dropped in the text): the queue, where
 * each pasted image goes once stored, and the browser's copy of the files not yet on the server.
 */
export function useArticleUploads(deps: UploadsDeps) {
  const latest = useRef(deps);
  latest.current = deps;
  const [queue, setQueue] = useState(() => new UploadQueue(deps.upload, deps.initialImages.map(imageFromSet)));
  const slots = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
  /** Pasted or dropped images waiting for the server, by slot. */
  const places = useRef(new Map<number, Placement>());
  /** The browser's copy of the waiting files is written only once the earlier copy has been read back. */
  const filesRestored = useRef(false);
  const writePending = useRef<() => void>(() => undefined);

  useEffect(() => () => queue.dispose(), [queue]);

  // Files not yet on the server follow the text draft into the browser's storage, under the same slot.
  useEffect(() => {
    let written = '';
    let writing = Promise.resolve();
    const write = () => {
      if (!filesRestored.current) return;
      const slot = latest.current.draftSlot();
      const pending = queue.pending();
      const signature = `${slot}:${pending.map((item) => item.id).join(',')}`;
      if (signature === written) return;
      written = signature;
      const files = pending.map((item) => ({ file: item.file!, placement: storedPlacement(places.current.get(item.id)) }));
      writing = writing.then(() => savePendingFiles(slot, files));
    };
    writePending.current = () => {
      written = '';
      write();
    };
    return queue.subscribe(write);
  }, [queue]);

  /**
   * Files a reload interrupted go back in the queue, offered with the text draft (each can be cancelled);
   * those pasted or dropped into the text go back to their place there once stored. An article already on
   * the server gets them at once, as a chosen file: a photo whose upload the reload cut off would otherwise
   * wait, unseen in the text, while the autosave stores the text without it.
   */
  const restore = async (into: UploadQueue, slot: DraftSlot) => {
    const files = await loadPendingFiles(slot);
    const groups = new Map<string, { place: ImagePlace }>();
    const restored: number[] = [];
    for (const { file, placement } of files) {
      const added = into.add(file);
      if ('refusal' in added) continue;
      restored.push(added.slotId);
      if (!placement) continue;
      if ('placeholder' in placement) {
        places.current.set(added.slotId, placement);
        continue;
      }
      // Files of one paste shared a place: sharing it again keeps them in their order.
      const at = `${placement.place.blockKey}:${placement.place.offset}`;
      const group = groups.get(at) ?? { place: placement.place };
      groups.set(at, group);
      places.current.set(added.slotId, { alt: placement.alt, group });
    }
    filesRestored.current = true;
    latest.current.onRestored(files.length);
    void uploadSlots(restored, into);
  };

  /** Once stored, a pasted or dropped image goes where it was pasted; a refused one keeps its place for a retry. */
  const place = (outcome: UploadOutcome) => {
    const placement = places.current.get(outcome.slotId);
    const editor = latest.current.editor.current;
    if (!placement || !outcome.ok || !outcome.image || !editor) return;
    places.current.delete(outcome.slotId);
    const { url, width } = outcome.image;
    const image = { src: url, alt: placement.alt, ...(width > 0 ? { width } : {}) };
    if ('placeholder' in placement) editor.fillPlaceholder(placement.placeholder, image);
    else {
      placement.group.place = editor.insertImageAt(placement.group.place, image);
      // The rest of the paste, if a reload interrupts it, goes after this image.
      writePending.current();
    }
  };

  const afterUpload = (outcome: UploadOutcome) => {
    latest.current.onUploaded(outcome);
    place(outcome);
  };

  const report = (outcome: UploadOutcome) => {
    const { say } = latest.current;
    if (outcome.ok) say('success', FLOW_MESSAGES.uploaded(outcome.filename));
    else say('error', FLOW_MESSAGES.uploadFailed(outcome.filename, outcome.message));
    afterUpload(outcome);
  };

  /** One at a time and in order, as the save flow sends them: the images of a paste land in their order. */
  const uploadSlots = async (slotIds: number[], into: UploadQueue = queue) => {
    const target = latest.current.target();
    if (!target) return;
    for (const slotId of slotIds) report(await into.start(slotId, target));
  };

  /** Files pasted or dropped (in the text, with a place, or on the uploader): uploads of the article like chosen files. */
  const receive = (images: ReceivedImage[], at: ImagePlace | null) => {
    const group = at && { place: at };
    const added: number[] = [];
    for (const { file, alt, placeholder } of images) {
      const result = queue.add(file);
      if ('refusal' in result) {
        latest.current.say('error', FLOW_MESSAGES.uploadFailed(file.name, result.refusal));
        if (placeholder) latest.current.editor.current?.fillPlaceholder(placeholder, null);
        continue;
      }
      if (placeholder) places.current.set(result.slotId, { placeholder, alt });
      else if (group) places.current.set(result.slotId, { group, alt });
      added.push(result.slotId);
    }
    // The browser's copy was written as each file joined the queue, before its place was known.
    writePending.current();
    void uploadSlots(added);
  };
  const receiveLatest = useRef(receive);
  receiveLatest.current = receive;
  // Stable, so the memoised editor is not re-rendered for it.
  const onImageFiles = useCallback((images: ReceivedImage[], at: ImagePlace) => receiveLatest.current(images, at), []);

  /** A cancelled pasted image leaves no placeholder behind. */
  const cancel = (slotId: number) => {
    if (!queue.cancel(slotId)) return;
    const placement = places.current.get(slotId);
    if (placement && 'placeholder' in placement) latest.current.editor.current?.fillPlaceholder(placement.placeholder, null);
    places.current.delete(slotId);
  };

  const uploaded = slots.flatMap((slot) => (slot.state.kind === 'uploaded' ? [slot.state.image] : []));
  // A new list only when the set of uploaded images changes, not on every progress event.
  const uploadedKey = uploaded.map((image) => image.url).join('\n');
  const uploadedImages = useMemo(() => uploaded.map(({ nome, url, width, height }) => ({ nome, url, width, height })), [uploadedKey]); // eslint-disable-line react-hooks/exhaustive-deps

  return {
    queue,
    slots,
    uploadedImages,
    onImageFiles,
    receive,
    cancel,
    afterUpload,
    /** The new article's files a reload interrupted. */
    restoreNew: () => restore(queue, 'novo'),
    /** The article read from the server: its images, then the files a reload interrupted. */
    openArticle: (images: ImageSet[], id: number) => {
      const articleQueue = new UploadQueue(latest.current.upload, images.map(imageFromSet));
      setQueue(articleQueue);
      void restore(articleQueue, id);
    },
    choose: (slotId: number, file: File) => {
      const refusal = queue.choose(slotId, file);
      if (refusal) return latest.current.say('error', refusal);
      // An article already on the server gets its files at once, so the editor's image dialog can offer them.
      const target = latest.current.target();
      if (target) void queue.start(slotId, target).then(report);
    },
    /** False when the article is not on the server yet: the file goes with the next save. */
    retry: (slotId: number) => {
      const target = latest.current.target();
      if (target) void queue.start(slotId, target).then(report);
      return target !== null;
    },
    /** Images pasted before the article existed go up as soon as it does. */
    uploadPlaced: () => {
      const waiting = new Set(queue.pending().flatMap((slot) => (slot.state.kind === 'queued' ? [slot.id] : [])));
      void uploadSlots([...places.current.keys()].filter((slotId) => waiting.has(slotId)));
    },
    /** Discarding the draft drops its files (one on its way up finishes). */
    discardPending: () => {
      for (const slot of queue.pending()) if (slot.state.kind !== 'uploading') cancel(slot.id);
    },
    writePending: () => writePending.current(),
  };
}
