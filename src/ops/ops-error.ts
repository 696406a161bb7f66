/** A refusal of an operators' command: its message is printed as it is, and the command exits with 1. */
export class OpsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsError';
  }
}
