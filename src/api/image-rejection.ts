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
    case 'too-many-pixels':
      return new ApiError(
        413,
        error.size ? MESSAGES.uploadTooManyPixelsSized(error.size.width, error.size.height) : MESSAGES.uploadTooManyPixels,
      );
    case 'corrupt':
      return new ApiError(422, MESSAGES.uploadCorrupt);
  }
}
