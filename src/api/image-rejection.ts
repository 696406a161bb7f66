import type { ImageRejectedError } from '../images/image-rejected.js';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';

/** What the editor reads when the pipeline cannot make an image of an upload. */
export function imageRejectionError(error: ImageRejectedError): ApiError {
  switch (error.reason) {
    case 'not-image':
      return new ApiError(415, MESSAGES.uploadNotImage);
    case 'svg':
      return new ApiError(415, MESSAGES.uploadSvg);
    case 'heic':
      return new ApiError(415, MESSAGES.uploadHeic);
    case 'too-many-pixels': {
      const size = error.size;
      if (!size) return new ApiError(413, MESSAGES.uploadTooManyPixels);
      return new ApiError(
        413,
        size.frames ? MESSAGES.uploadTooManyPixelsAnimated(size.frames, size.width, size.height) : MESSAGES.uploadTooManyPixelsSized(size.width, size.height),
      );
    }
    case 'over-budget':
      return new ApiError(422, error.size ? MESSAGES.uploadOverBudgetSized(error.size.width, error.size.height) : MESSAGES.uploadOverBudget);
    case 'corrupt':
      return new ApiError(422, MESSAGES.uploadCorrupt);
  }
}
