/** A focal point: fractions of the image's width and height, 0 to 1 from the top left corner. */
export interface FocalPoint {
  x: number;
  y: number;
}

export interface CropRectangle {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where every crop centres when nobody chose a point: what crops did before focal points. */
export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

/**
 * The largest rectangle of the target's shape inside a width × height image, centred on the focal point
 * as far as the edges allow: the point is always inside it, and only when it sits near an edge does the
 * rectangle stop short of centring it. Whole pixels, for libvips' extract.
 */
export function focalCrop(width: number, height: number, targetWidth: number, targetHeight: number, focus: FocalPoint = CENTRE): CropRectangle {
  const ratio = targetWidth / targetHeight;
  const cropWidth = Math.max(1, Math.min(width, Math.round(height * ratio)));
  const cropHeight = Math.max(1, Math.min(height, Math.round(cropWidth / ratio)));
  const place = (size: number, crop: number, at: number) => Math.min(size - crop, Math.max(0, Math.round(at * size - crop / 2)));
  return { left: place(width, cropWidth, focus.x), top: place(height, cropHeight, focus.y), width: cropWidth, height: cropHeight };
}
