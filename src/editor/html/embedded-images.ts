/**
 * Images a clipboard carries inside its HTML as data: URLs (a screenshot pasted through a web editor,
 * Google Docs' copied drawings). The article cannot link them, so the editor uploads them as files,
 * and a placeholder keeps each one's spot in the pasted text until its upload is stored.
 */
export interface EmbeddedImage {
  dataUrl: string;
  alt: string;
  /** The PENDING_IMAGE placeholder the paste left where the image stood. */
  placeholder: string;
}

const DATA_IMAGE = /^data:image\/([a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)$/i;
const EXTENSIONS: Record<string, string> = { jpeg: 'jpg', 'svg+xml': 'svg' };

function decode(dataUrl: string): { subtype: string; binary: string } | null {
  const match = DATA_IMAGE.exec(dataUrl.trim());
  if (!match) return null;
  try {
    return { subtype: match[1]!.toLowerCase(), binary: atob(match[2]!.replace(/\s/g, '')) };
  } catch {
    return null;
  }
}

/** Only an image that decodes gets a placeholder: one that could never be uploaded would wait for ever. */
export function isEmbeddedImage(src: string): boolean {
  return decode(src) !== null;
}

/** The image as a file named like the screenshots browsers paste ("imagem-colada-1.png"). */
export function embeddedImageFile(image: Pick<EmbeddedImage, 'dataUrl'>, index: number): File | null {
  const decoded = decode(image.dataUrl);
  if (!decoded) return null;
  const bytes = Uint8Array.from(decoded.binary, (char) => char.charCodeAt(0));
  return new File([bytes], `imagem-colada-${index}.${EXTENSIONS[decoded.subtype] ?? decoded.subtype}`, { type: `image/${decoded.subtype}` });
}
