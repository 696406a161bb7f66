import { useState } from 'react';
import type { LinkData } from '../entities.js';
import { isAllowedLinkUrl, normalizeLinkUrl } from '../html/urls.js';
import { DialogField, ModalDialog } from './modal-dialog.js';

export const LINK_MESSAGES = {
  urlRequired: 'Informe o endereço do link.',
  urlInvalid: 'Endereço inválido: use http://, https://, mailto: ou tel:.',
  textRequired: 'Informe o texto do link.',
} as const;

interface LinkDialogProps {
  initial: { href: string; text: string; newTab: boolean };
  onSave: (link: LinkData, text: string) => void;
  onRemove?: () => void;
  onClose: () => void;
}

export function LinkDialog({ initial, onSave, onRemove, onClose }: LinkDialogProps) {
  const [href, setHref] = useState(initial.href);
  const [text, setText] = useState(initial.text);
  const [newTab, setNewTab] = useState(initial.newTab);
  const [errors, setErrors] = useState<{ href?: string; text?: string }>({});

  const submit = () => {
    const url = normalizeLinkUrl(href);
    const found: typeof errors = {};
    if (!href.trim()) found.href = LINK_MESSAGES.urlRequired;
    else if (!isAllowedLinkUrl(url)) found.href = LINK_MESSAGES.urlInvalid;
    if (!text.trim()) found.text = LINK_MESSAGES.textRequired;
    setErrors(found);
    if (found.href || found.text) return;
    onSave(newTab ? { href: url, target: '_blank' } : { href: url }, text);
  };

  return (
    <ModalDialog title="Inserir link" submitLabel="Aplicar" onSubmit={submit} onClose={onClose}>
      <DialogField label="Endereço (URL)" type="url" value={href} onChange={setHref} error={errors.href} required autoFocus />
      <DialogField label="Texto" value={text} onChange={setText} error={errors.text} required />
      <div className="rte-dialog-check">
        <input id="rte-link-nova-aba" type="checkbox" checked={newTab} onChange={(event) => setNewTab(event.target.checked)} />
        <label htmlFor="rte-link-nova-aba">Abrir em nova aba</label>
      </div>
      {onRemove && (
        <button type="button" className="rte-secondary" onClick={onRemove}>
          Remover link
        </button>
      )}
    </ModalDialog>
  );
}
