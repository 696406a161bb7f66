/** What the pipeline accepts and makes (issue 9). */

/** Larger images are refused before their pixels are decompressed. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Longest side of the stored master, like WordPress's big-image threshold. */
export const MASTER_MAX_SIDE = 2560;
/** Responsive widths; never upscaled, and the master's own width is added when it is narrower than the widest. */
export const RESPONSIVE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** og:image, twitter:image and feeds: always this size (issue 34), cropped around the focal point. */
export const SOCIAL_WIDTH = 1200;
export const SOCIAL_HEIGHT = 630;
/** A decode that takes longer is stopped (libvips' own timeout) and the upload refused. */
export const DECODE_TIMEOUT_SECONDS = 30;
/**
 * AV1 (AVIF) packs a flat area into almost nothing: 1.6 kB can declare 7000 × 7000 pixels and cost a
 * minute and 1.5 GB to decode. A real photo or screenshot of that size takes well over one byte per
 * 10,000 pixels; a file below that is refused unread, like a zip bomb.
 */
export const AV1_MIN_BYTES_PER_PIXEL = 1 / 10_000;
/** Small AV1 images decode quickly whatever their ratio. */
export const AV1_RATIO_FROM_PIXELS = 4_000_000;
