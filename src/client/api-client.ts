import { API_MESSAGES } from './messages.js';

/** The envelope of every API answer (spec section 3); `fcrj` marks it as one. */
export interface Envelope<T = unknown> {
  status: number;
  messages: string[];
  command?: string;
  value: T;
  fcrj: unknown;
}

export type ApiResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** null when the server could not be reached. */
      status: number | null;
      message: string;
      envelope?: Envelope;
    };

type Fetch = typeof fetch;

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && 'fcrj' in body;
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function envelopeMessage(envelope: Envelope, fallback: string): string {
  const messages = Array.isArray(envelope.messages) ? envelope.messages.filter(Boolean) : [];
  return messages.length > 0 ? messages.join('\n') : fallback;
}

/** Turns one HTTP answer into a value or a message, following the error catalogue (spec section 8). */
export async function interpretResponse<T>(response: Response): Promise<ApiResult<T>> {
  const body = await readBody(response);
  const status = response.status;
  if (status >= 200 && status < 300) {
    if (isEnvelope(body)) {
      if (body.status === 1) return { ok: true, value: body.value as T };
      return { ok: false, status, message: envelopeMessage(body, API_MESSAGES.unknownStatus), envelope: body };
    }
    return { ok: true, value: body as T };
  }
  const fail = (message: string, envelope?: Envelope): ApiResult<T> =>
    envelope ? { ok: false, status, message, envelope } : { ok: false, status, message };
  switch (status) {
    case 400:
      if (Array.isArray(body)) return fail(body.map(String).join('\n'));
      if (isEnvelope(body)) return fail(envelopeMessage(body, API_MESSAGES.unknownStatus), body);
      return fail(API_MESSAGES.unknownStatus);
    case 401:
      return fail(API_MESSAGES.unauthorized);
    case 403:
      // Issue 5: the server's own message (e.g. a wrong key) instead of silence.
      if (isEnvelope(body)) return fail(envelopeMessage(body, API_MESSAGES.forbidden), body);
      return fail(typeof body === 'string' && body.trim() ? body.trim() : API_MESSAGES.forbidden);
    case 404:
      return fail(API_MESSAGES.notFound);
    case 429:
      return isEnvelope(body) ? fail(envelopeMessage(body, API_MESSAGES.tooManyRequests), body) : fail(API_MESSAGES.tooManyRequests);
    case 409:
      // A stale version (issue 11): the form shows its own message, with what to do next.
      return isEnvelope(body) ? fail(envelopeMessage(body, API_MESSAGES.conflict), body) : fail(API_MESSAGES.conflict);
    case 413:
    case 415:
    case 422:
    case 423:
      // Errors the editor can cause (too large, wrong type), or someone took the editing over (issue 34): the server says which, in Portuguese.
      return isEnvelope(body) ? fail(envelopeMessage(body, API_MESSAGES.unknownStatus), body) : fail(API_MESSAGES.unknownStatus);
    case 500: {
      const id = typeof body === 'string' && (response.headers.get('content-type') ?? '').startsWith('text/plain') ? body.trim() : '';
      return fail(id ? API_MESSAGES.serverErrorWithId(id) : API_MESSAGES.serverError);
    }
    default:
      return fail(API_MESSAGES.unknownStatus);
  }
}

/** One API call; credentials always sent (spec section 7), network failures become a message. */
export async function apiRequest<T>(url: string, init: RequestInit = {}, fetchImpl: Fetch = fetch): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, credentials: 'include' });
  } catch {
    return { ok: false, status: null, message: API_MESSAGES.network };
  }
  return interpretResponse<T>(response);
}
