/** What a client got back: the status, the body as text and as JSON, and how long it took. */
export interface TimedAnswer {
  status: number;
  contentType: string;
  retryAfter: string | null;
  /** `{}` when the body is not JSON: the caller's assertions on `contentType` say so. */
  body: Record<string, unknown>;
  text: string;
  /** Until the whole body was read, in milliseconds. */
  ms: number;
}

/**
 * Fetches `url`, giving up after `timeoutMs`: a dependency outage that makes the server hang then
 * shows as a failed request or a failed assertion on `ms`, never as a stuck test. A `signal` in
 * `init` is replaced by that timeout.
 */
export async function fetchTimed(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<TimedAnswer> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: left to the caller's assertions on the content type.
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    retryAfter: response.headers.get('retry-after'),
    body,
    text,
    ms: performance.now() - started,
  };
}
