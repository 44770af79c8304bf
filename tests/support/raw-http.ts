import type { Express } from 'express';
import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawRequest {
  method: string;
  /** Path and query, already percent-encoded where needed (Node refuses raw spaces and controls). */
  path: string;
  headers?: Record<string, string | string[]>;
  /** Sent as is, with its exact length: a malformed or truncated body is the caller's intent. */
  body?: Buffer | string;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Time to the end of the answer, in milliseconds. */
  ms: number;
}

export interface RawHttp {
  origin: string;
  /** Rejects with a "no answer within" error when the answer takes longer than `timeoutMs`. */
  send(raw: RawRequest, timeoutMs?: number): Promise<RawResponse>;
  close(): Promise<void>;
}

/**
 * The app on a real listening socket, with a keep-alive client that sends bytes exactly as given
 * (supertest starts a server per request and reshapes bodies; a fuzzer wants neither).
 */
export async function listenRaw(app: Express): Promise<RawHttp> {
  const server = createServer(app);
  // The client reuses idle sockets; a server closing one at its keep-alive timeout (5 s) just as
  // the client sends on it is a reset no product bug caused. Slow batches meet that race: here
  // only the client ends a connection.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });

  const send = (raw: RawRequest, timeoutMs = 10_000) =>
    new Promise<RawResponse>((resolve, reject) => {
      const started = performance.now();
      const body = raw.body === undefined ? undefined : Buffer.from(raw.body);
      const headers: Record<string, string | string[]> = { ...raw.headers };
      if (body && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')) {
        headers['Content-Length'] = String(body.length);
      }
      const outgoing = request(
        { host: '127.0.0.1', port, method: raw.method, path: raw.path, headers, agent },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: Buffer.concat(chunks),
              ms: performance.now() - started,
            });
          });
        },
      );
      outgoing.setTimeout(timeoutMs, () => {
        outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`));
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  return {
    origin: `http://127.0.0.1:${port}`,
    send,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
