import type { Response } from 'express';

/**
 * The answer shape of spec section 7: {status, messages, command, value, fcrj}.
 * status 1 means success, 0 failure (the HTTP status says which failure). fcrj is the constant
 * marker `true`: the original client unwraps a JSON body as an envelope when that field is present.
 */
export const STATUS_OK = 1;
export const STATUS_FAILED = 0;
export const ENVELOPE_MARKER = true;

export interface Envelope<T> {
  status: typeof STATUS_OK | typeof STATUS_FAILED;
  messages: string[];
  command: string;
  value: T | null;
  fcrj: typeof ENVELOPE_MARKER;
}

export function sendOk<T>(res: Response, command: string, value: T): void {
  const body: Envelope<T> = { status: STATUS_OK, messages: [], command, value, fcrj: ENVELOPE_MARKER };
  res.status(200).setHeader('Cache-Control', 'no-store');
  res.json(body);
}

export function sendFailure(res: Response, httpStatus: number, command: string, messages: string[]): void {
  const body: Envelope<null> = { status: STATUS_FAILED, messages, command, value: null, fcrj: ENVELOPE_MARKER };
  res.status(httpStatus).setHeader('Cache-Control', 'no-store');
  res.json(body);
}
