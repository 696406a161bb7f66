import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type UploadSlot } from './uploader.js';

/** The uploader's slots: always one empty slot at the end; previews freed when a slot goes away. */
export function useUploadSlots(onRefused: (message: string) => void) {
  const nextId = useRef(1);
  const [slots, setSlots] = useState<UploadSlot[]>([{ id: 0, file: null, previewUrl: null }]);

  const choose = useCallback(
    (slotId: number, file: File) => {
      if (file.size > MAX_UPLOAD_BYTES) {
        onRefused(UPLOAD_MESSAGES.tooLarge);
        return;
      }
      const previewUrl = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
      setSlots((current) => [
        ...current.map((slot) => (slot.id === slotId ? { ...slot, file, previewUrl } : slot)),
        { id: nextId.current++, file: null, previewUrl: null },
      ]);
    },
    [onRefused],
  );

  const cancel = useCallback((slotId: number) => {
    setSlots((current) => {
      const slot = current.find((item) => item.id === slotId);
      if (slot?.previewUrl) URL.revokeObjectURL(slot.previewUrl);
      return current.filter((item) => item.id !== slotId);
    });
  }, []);

  const clear = useCallback(() => {
    setSlots((current) => {
      for (const slot of current) if (slot.previewUrl) URL.revokeObjectURL(slot.previewUrl);
      return [{ id: nextId.current++, file: null, previewUrl: null }];
    });
  }, []);

  const latest = useRef(slots);
  latest.current = slots;
  useEffect(
    () => () => {
      for (const slot of latest.current) if (slot.previewUrl) URL.revokeObjectURL(slot.previewUrl);
    },
    [],
  );

  const files = slots.flatMap((slot) => (slot.file ? [slot.file] : []));
  return { slots, files, choose, cancel, clear };
}
