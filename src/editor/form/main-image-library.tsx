import { useState } from 'react';
import type { InsertedImage } from '../../client/media-library-api.js';
import { useLibrary } from '../ui/library-context.js';
import { LibraryPicker } from '../ui/library-picker.js';
import { ModalDialog } from '../ui/modal-dialog.js';

/** "Escolher da biblioteca" beside the main image's fields: an image of the team's, without a new upload. */
export function MainImageLibrary({ onChosen }: { onChosen: (image: InsertedImage) => void }) {
  const library = useLibrary();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<InsertedImage | null>(null);
  if (!library) return null;
  const close = () => {
    setOpen(false);
    setChosen(null);
  };
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        Escolher da biblioteca
      </button>
      {open && (
        <ModalDialog
          title="Imagem principal da biblioteca"
          submitLabel="Usar como imagem principal"
          onSubmit={() => {
            if (chosen) onChosen(chosen);
            close();
          }}
          onClose={close}
        >
          <LibraryPicker onPick={setChosen} />
        </ModalDialog>
      )}
    </>
  );
}
