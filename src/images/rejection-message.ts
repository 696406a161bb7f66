import { MESSAGES } from '../lib/messages.js';
import type { ImageRejectedError } from './image-rejected.js';

/** What the editor reads when the pipeline cannot make an image of an upload, with the HTTP status it goes with. */
export function imageRejection(error: ImageRejectedError): { status: 413 | 415 | 422; message: string } {
  switch (error.reason) {
    case 'not-image':
      return { status: 415, message: MESSAGES.uploadNotImage };
    case 'svg':
      return { status: 415, message: MESSAGES.uploadSvg };
    case 'heic':
      return { status: 415, message: MESSAGES.uploadHeic };
    case 'too-many-pixels': {
      const size = error.size;
      if (!size) return { status: 413, message: MESSAGES.uploadTooManyPixels };
      return {
        status: 413,
        message: size.frames ? MESSAGES.uploadTooManyPixelsAnimated(size.frames, size.width, size.height) : MESSAGES.uploadTooManyPixelsSized(size.width, size.height),
      };
    }
    case 'over-budget':
      return { status: 422, message: error.size ? MESSAGES.uploadOverBudgetSized(error.size.width, error.size.height) : MESSAGES.uploadOverBudget };
    case 'corrupt':
      return { status: 422, message: MESSAGES.uploadCorrupt };
  }
}
