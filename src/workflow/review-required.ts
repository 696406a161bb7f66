/** Publishing a clinical article whose current version no doctor approved: nothing is written. */
export class ReviewRequiredError extends Error {
  constructor(readonly id: number | null) {
    super(`article ${id ?? '(new)'} needs a medical review before it goes public`);
    this.name = 'ReviewRequiredError';
  }
}
