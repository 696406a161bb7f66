import { ApiError } from '../lib/api-error.js';
import { REVIEW_MESSAGES } from './review-messages.js';

/**
 * Making public a clinical version no doctor approved: nothing is written. An ApiError (409), so that the
 * API and the pages answer it the same way wherever the rule raised it.
 */
export class ReviewRequiredError extends ApiError {
  constructor(readonly id: number | null) {
    super(409, REVIEW_MESSAGES.reviewRequired);
    this.name = 'ReviewRequiredError';
  }
}
