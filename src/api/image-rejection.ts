import type { ImageRejectedError } from '../images/image-rejected.js';
import { imageRejection } from '../images/rejection-message.js';
import { ApiError } from '../lib/api-error.js';

/** The pipeline's refusal of an upload as the API's error. */
export function imageRejectionError(error: ImageRejectedError): ApiError {
  const { status, message } = imageRejection(error);
  return new ApiError(status, message);
}
