/** A failure the client caused (or may retry): its HTTP status and the messages to show. */
export class ApiError extends Error {
  readonly messages: string[];

  constructor(
    readonly status: number,
    messages: string | string[],
  ) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.join(' '));
    this.name = 'ApiError';
    this.messages = list;
  }
}
