import { interpretResponse, type ApiResult } from './api-client.js';
import { API_MESSAGES } from './messages.js';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The part of XMLHttpRequest an upload uses; tests give a fake. */
export type UploadTransport = Pick<
  XMLHttpRequest,
  'open' | 'send' | 'setRequestHeader' | 'getAllResponseHeaders' | 'upload' | 'status' | 'response' | 'withCredentials' | 'responseType'
> & {
  onload: ((this: XMLHttpRequest, event: ProgressEvent) => unknown) | null;
  onerror: ((this: XMLHttpRequest, event: ProgressEvent) => unknown) | null;
};

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * POSTs a multipart form with XMLHttpRequest, the only browser API that reports upload progress,
 * and reads the answer through the same error catalogue as every other call.
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
  transport: () => UploadTransport = () => new XMLHttpRequest(),
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const request = transport();
    request.open('POST', url);
    request.withCredentials = true;
    request.responseType = 'text';
    request.setRequestHeader('accept', 'application/json');
    if (onProgress) {
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
    }
    request.onload = () => {
      const response = new Response(request.status === 204 ? null : (request.response as string), {
        status: request.status,
        headers: headersOf(request.getAllResponseHeaders()),
      });
      void interpretResponse<T>(response).then(resolve);
    };
    request.onerror = () => resolve({ ok: false, status: null, message: API_MESSAGES.network });
    request.send(form);
  });
}
