import sharp from 'sharp';

/** Served images are re-encoded by the pipeline, so "the same image" means the same size and pixels, not bytes. */
export async function samePixels(a: Buffer, b: Buffer): Promise<boolean> {
  const [left, right] = await Promise.all([a, b].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  return left!.info.width === right!.info.width && left!.info.height === right!.info.height && left!.data.equals(right!.data);
}
