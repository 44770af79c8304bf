import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { requestLogging } from '../src/http/request-logging';
import { createLogger } from '../src/platform/logger';

interface LogLine {
  level: number;
  msg: string;
  req?: { id: string; method: string; path: string };
  res?: { statusCode: number };
  responseTime?: number;
  note?: string;
}

/** An app with only the request log in front of a few routes, and the lines it wrote. */
function loggedApp() {
  const lines: LogLine[] = [];
  const logger = createLogger({
    name: 'test',
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  });
  const app = express();
  app.use(requestLogging(logger));
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/api/reset-password/:token', (req, res) => {
    req.log.info({ note: 'from the handler' }, 'handler says');
    res.status(404).json({ error: 'no' });
  });
  app.get('/api/broken', (_req, res) => {
    res.status(503).json({ error: 'down' });
  });
  return { app, lines };
}

const PINO_LEVEL = { info: 30, warn: 40, error: 50 };

describe('the request log', () => {
  it('writes one line per request with its id, method, path, status and time', async () => {
    const { app, lines } = loggedApp();
    const response = await request(app)
      .get('/api/reset-password/secret-reset-token?code=secret-code')
      .set('X-Request-Id', 'trace-abc-12345');
    expect(response.headers['x-request-id']).toBe('trace-abc-12345');
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      level: PINO_LEVEL.warn,
      req: { id: 'trace-abc-12345', method: 'GET', path: '/api/reset-password/[redacted]' },
      res: { statusCode: 404 },
    });
    expect(completed[0]?.responseTime).toBeGreaterThanOrEqual(0);
    // Neither the reset token in the path nor the query's code is written anywhere.
    const written = JSON.stringify(lines);
    expect(written).not.toContain('secret-reset-token');
    expect(written).not.toContain('secret-code');
  });

  it("carries the request's id on a handler's own lines", async () => {
    const { app, lines } = loggedApp();
    const response = await request(app).get('/api/reset-password/abc');
    const own = lines.find((line) => line.msg === 'handler says');
    expect(own).toMatchObject({
      level: PINO_LEVEL.info,
      note: 'from the handler',
      req: { id: response.headers['x-request-id'], method: 'GET' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs a server failure as an error and leaves health checks out', async () => {
    const { app, lines } = loggedApp();
    await request(app).get('/api/broken');
    await request(app).get('/healthz');
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => [line.req?.path, line.level])).toEqual([
      ['/api/broken', PINO_LEVEL.error],
    ]);
  });
});
