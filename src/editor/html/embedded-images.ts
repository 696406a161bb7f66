/**
 * Images a clipboard carries inside its HTML as data: URLs (a screenshot pasted through a web editor,
 * Google Docs' copied drawings). The article cannot link them, so the editor uploads them as files.
 */
export interface EmbeddedImage {
  dataUrl: string;
  alt: string;
}

const DATA_IMAGE = /^data:image\/([a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)$/i;
const EXTENSIONS: Record<string, string> = { jpeg: 'jpg', 'svg+xml': 'svg' };

export function isEmbeddedImage(src: string): boolean {
  return DATA_IMAGE.test(src.trim());
}

/** The image as a file named like the screenshots browsers paste ("imagem-colada-1.png"). */
export function embeddedImageFile(image: EmbeddedImage, index: number): File | null {
  const match = DATA_IMAGE.exec(image.dataUrl.trim());
  if (!match) return null;
  const subtype = match[1]!.toLowerCase();
  let binary: string;
  try {
    binary = atob(match[2]!.replace(/\s/g, ''));
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new File([bytes], `imagem-colada-${index}.${EXTENSIONS[subtype] ?? subtype}`, { type: `image/${subtype}` });
}
