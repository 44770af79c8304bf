import type { Express } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to `timeoutMs`), then drops the rest. */
  close(timeoutMs: number): Promise<void>;
}

export async function listen(app: Express, port: number, host: string): Promise<RunningServer> {
  const server = createServer(app);
  // Slightly above a load balancer's idle timeout, so the balancer closes first and never
  // sends a request into a socket we are closing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: (timeoutMs) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
