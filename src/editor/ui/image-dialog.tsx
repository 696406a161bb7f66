import { useId, useState } from 'react';
import type { ImageData } from '../entities.js';
import { isAllowedImageUrl } from '../html/urls.js';
import { LibraryPicker } from './library-picker.js';
import { DialogField, ModalDialog } from './modal-dialog.js';

/** Spec section 9: images are at least 20 px wide. */
export const MIN_IMAGE_WIDTH = 20;

export const IMAGE_MESSAGES = {
  urlRequired: 'Informe o endereço da imagem.',
  urlInvalid: 'Endereço inválido: use uma URL http(s) ou uma imagem do site, como /assets/artigos/1/foto.png.',
  widthInvalid: `A largura deve ser um número inteiro entre ${MIN_IMAGE_WIDTH} e 9999 px.`,
} as const;

/** An image already uploaded for the article (issue 9): the dialog offers it instead of a typed address. */
export interface UploadedImage {
  nome: string;
  url: string;
  width: number;
  height: number;
}

interface ImageDialogProps {
  uploaded?: UploadedImage[];
  onSave: (image: ImageData) => void;
  onClose: () => void;
}

export function ImageDialog({ uploaded = [], onSave, onClose }: ImageDialogProps) {
  const pickerId = useId();
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [title, setTitle] = useState('');
  const [width, setWidth] = useState('');
  const [errors, setErrors] = useState<{ src?: string; width?: string }>({});

  const submit = () => {
    const found: typeof errors = {};
    if (!src.trim()) found.src = IMAGE_MESSAGES.urlRequired;
    else if (!isAllowedImageUrl(src)) found.src = IMAGE_MESSAGES.urlInvalid;
    const widthValue = Number(width);
    if (width.trim() && (!/^[1-9]\d{0,3}$/.test(width.trim()) || widthValue < MIN_IMAGE_WIDTH)) found.width = IMAGE_MESSAGES.widthInvalid;
    setErrors(found);
    if (found.src || found.width) return;
    const image: ImageData = { src: src.trim(), alt: alt.trim() };
    if (title.trim()) image.title = title.trim();
    if (width.trim()) image.width = widthValue;
    onSave(image);
  };

  return (
    <ModalDialog title="Inserir imagem" submitLabel="Inserir" onSubmit={submit} onClose={onClose}>
      {uploaded.length > 0 && (
        <div className="rte-dialog-field">
          <label htmlFor={pickerId}>Imagem enviada</label>
          <select
            id={pickerId}
            value={uploaded.some((image) => image.url === src) ? src : ''}
            onChange={(event) => {
              const image = uploaded.find((item) => item.url === event.target.value);
              if (!image) return;
              setSrc(image.url);
              setWidth(String(image.width));
            }}
          >
            <option value="">Escolha uma imagem já enviada…</option>
            {uploaded.map((image) => (
              <option key={image.url} value={image.url}>
                {`${image.nome} (${image.width} × ${image.height} px)`}
              </option>
            ))}
          </select>
        </div>
      )}
      <LibraryPicker
        onPick={(image) => {
          setSrc(image.masterUrl);
          setWidth(String(image.width));
          if (image.alt) setAlt(image.alt);
        }}
      />
      <DialogField
        label="Endereço da imagem (URL)"
        type="url"
        value={src}
        onChange={setSrc}
        error={errors.src}
        required
        autoFocus={uploaded.length === 0}
      />
      <DialogField
        label="Texto alternativo"
        value={alt}
        onChange={setAlt}
        hint="Descreva a imagem para quem usa leitor de tela."
      />
      <DialogField label="Título" value={title} onChange={setTitle} />
      <DialogField label="Largura (px)" type="number" value={width} onChange={setWidth} error={errors.width} />
    </ModalDialog>
  );
}
