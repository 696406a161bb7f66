import sharp from 'sharp';

/**
 * A phone-like photo made at test time: 4000x3000 of noise (it compresses like a real photo, several MB),
 * stored sideways with EXIF orientation 6 as phones do.
 */
export async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
