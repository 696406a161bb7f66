/** What the pipeline accepts and makes (issue 9). */

/** Larger images are refused before their pixels are decompressed. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Longest side of the stored master, like WordPress's big-image threshold. */
export const MASTER_MAX_SIDE = 2560;
/** Responsive widths; never upscaled, and the master's own width is added when it is narrower than the widest. */
export const RESPONSIVE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** og:image, twitter:image and feeds. */
export const SOCIAL_WIDTH = 1200;
