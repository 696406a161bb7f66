/** Why an upload cannot become an image; the API turns each reason into a 4xx with a Portuguese message. */
export type ImageRejection = 'not-image' | 'svg' | 'heic' | 'too-many-pixels' | 'over-budget' | 'corrupt';

export class ImageRejectedError extends Error {
  constructor(
    readonly reason: ImageRejection,
    /** Declared size, when the header could be read; frames of an animation. */
    readonly size?: { width: number; height: number; frames?: number },
  ) {
    super(`image rejected: ${reason}`);
    this.name = 'ImageRejectedError';
  }
}
