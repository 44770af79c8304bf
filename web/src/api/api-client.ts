/** A refused or failed API call, with the message the API wrote for people and its field errors. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
    /** False when the server gave no text of its own and `message` is our generic one. */
    readonly fromServer = true,
    /** Why a third party said no, when the server passed it on (a card issuer's decline). */
    readonly reason: string | null = null,
    /**
     * The refusal's stable machine code (ERROR_CODES in @hs/api/domain/domain-error): what a
     * screen decides on, never the words, which the business may change.
     */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

const NETWORK_FAILURE = 'We could not reach the server. Check your connection and try again.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Calls our own API (same origin) with JSON. Answers the parsed body; throws ApiError with the
 * server's message for a refusal, or a network message when the server could not be reached.
 */
export interface ApiRequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** The signed-in user's token (authToken), sent as a Bearer token. */
  token?: string | null;
  /** Extra headers, such as an Idempotency-Key. */
  headers?: Record<string, string>;
}

export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
      signal: init.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_FAILURE, 0, {}, false);
  }
  const body: unknown = await response.json().catch(() => null);
  return answerOf(response.status, body) as T;
}

/** The parsed answer of a call, or the ApiError its refusal means (shared with uploads). */
export function answerOf(status: number, body: unknown): unknown {
  if (status >= 200 && status < 300) return body;
  // docs/product.md reads `error` on some forms and `message` on others; the API sends both.
  const serverText =
    isRecord(body) && typeof body.error === 'string'
      ? body.error
      : isRecord(body) && typeof body.message === 'string'
        ? body.message
        : null;
  const fields = isRecord(body) && isRecord(body.fields) ? body.fields : {};
  throw new ApiError(
    serverText ?? 'Something went wrong!',
    status,
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
    serverText !== null,
    isRecord(body) && typeof body.reason === 'string' ? body.reason : null,
    isRecord(body) && typeof body.code === 'string' ? body.code : null,
  );
}

export { NETWORK_FAILURE };
