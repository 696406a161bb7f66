/** Data carried by the editor's entities (spec section 3: link mark, image, horizontal rule). */

export interface LinkData {
  href: string;
  title?: string;
  /** "_blank" by default (spec section 9); absent means the same tab. */
  target?: '_blank';
}

export interface ImageData {
  src: string;
  alt: string;
  title?: string;
  width?: number;
}

/** The spot of a pasted image on its way to the server; `placeholder` names it for the upload that fills it. */
export interface PendingImageData {
  placeholder: string;
  /** An image of another site in a paste: it stands there until the person sends the file; no upload fills it. */
  remote?: true;
}

export const LINK_REL = 'noopener noreferrer';

export function toLinkData(raw: Record<string, unknown>): LinkData {
  const data: LinkData = { href: String(raw.href ?? raw.url ?? '') };
  if (typeof raw.title === 'string' && raw.title) data.title = raw.title;
  if (raw.target === '_blank') data.target = '_blank';
  return data;
}

export function toImageData(raw: Record<string, unknown>): ImageData {
  const data: ImageData = { src: String(raw.src ?? ''), alt: typeof raw.alt === 'string' ? raw.alt : '' };
  if (typeof raw.title === 'string' && raw.title) data.title = raw.title;
  const width = Number(raw.width);
  if (Number.isInteger(width) && width > 0) data.width = width;
  return data;
}
