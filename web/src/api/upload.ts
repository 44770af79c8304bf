import { ApiError, answerOf, NETWORK_FAILURE } from './api-client';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  token?: string | null;
  headers?: Record<string, string>;
  /** Called as the request body goes out: the real progress of the upload, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart form to our API and reports how much of it has been sent. fetch cannot
 * report upload progress, so this uses XMLHttpRequest; answers and errors are read the same way
 * as apiRequest's.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', path);
    request.responseType = 'json';
    if (options.token) request.setRequestHeader('Authorization', `Bearer ${options.token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      request.setRequestHeader(name, value);
    }
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      try {
        resolve(answerOf(request.status, request.response as unknown) as T);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.addEventListener('error', () => {
      reject(new ApiError(NETWORK_FAILURE, 0, {}, false));
    });
    request.addEventListener('abort', () => {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });
    options.signal?.addEventListener('abort', () => {
      request.abort();
    });
    request.send(form);
  });
}
