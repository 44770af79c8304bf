import { request as httpRequest } from 'node:http';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCaptureService } from '../../infra/local/mail-capture';

interface Answer {
  status: number;
  body: string;
}

/**
 * One request with exactly this Host header (null: none at all), as a browser sends it after DNS
 * rebinding: the connection goes to 127.0.0.1, the Host names the attacker's site.
 */
function send(base: string, method: string, path: string, host: string | null): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: hostname,
        port,
        method,
        path,
        headers: host === null ? {} : { Host: host },
        // Node writes a Host of its own when none (or an empty one) is given.
        setHost: false,
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          resolve({
            status: incoming.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const RESET_LINK = 'http://localhost:8080/reset-password/rebind-secret-token';

/**
 * The launcher's mail capture keeps every reset and manage link the product sent. Like the API's
 * /dev/mailbox, it must answer only loopback names: a page on another site rebound to 127.0.0.1
 * sends its own name as Host and must read and delete nothing.
 */
describe("the launcher's mail capture answers loopback Host names only", () => {
  let capture: MailCaptureService;
  let messageId = '';

  beforeAll(async () => {
    capture = await startMailCapture({ smtpPort: 0, httpPort: 0 });
    const transport = nodemailer.createTransport({ url: capture.smtpUrl });
    await transport.sendMail({
      from: 'hello@homeservices.local',
      to: 'rebind@example.test',
      subject: 'Reset your password',
      text: `Open ${RESET_LINK} within an hour.`,
    });
    transport.close();
    const { port } = new URL(capture.mailboxUrl);
    const listed = await send(capture.mailboxUrl, 'GET', '/api/v1/messages', `127.0.0.1:${port}`);
    messageId = (JSON.parse(listed.body) as { messages: { ID: string }[] }).messages[0]?.ID ?? '';
    expect(messageId).not.toBe('');
  });
  afterAll(async () => {
    await capture.stop();
  });

  const routes = () => [
    ['GET', '/api/v1/messages'],
    ['GET', '/api/v1/search?query=to:rebind@example.test'],
    ['GET', `/api/v1/message/${messageId}`],
    ['GET', `/api/v1/message/${messageId}/headers`],
    ['GET', `/api/v1/message/${messageId}/raw`],
    ['GET', '/nowhere'],
    ['DELETE', '/api/v1/messages'],
  ];

  it('refuses a foreign Host on every route, reads nothing out and deletes nothing', async () => {
    const { port } = new URL(capture.mailboxUrl);
    const foreign = [
      `rebind.attacker.example:${port}`,
      'rebind.attacker.example',
      `localhost.attacker.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `[::1]evil:${port}`,
      '',
      null,
    ];
    for (const host of foreign) {
      for (const [method = '', path = ''] of routes()) {
        const answer = await send(capture.mailboxUrl, method, path, host);
        // No Host at all is refused by Node's HTTP parser before the capture sees it.
        expect(answer.status, `${method} ${path} with Host ${JSON.stringify(host)}`).toBe(
          host === null ? 400 : 403,
        );
        expect(answer.body).not.toContain('rebind-secret-token');
        expect(answer.body).not.toContain(messageId);
      }
    }
    // The DELETEs above changed nothing: the message is still there for this machine.
    const still = await send(
      capture.mailboxUrl,
      'GET',
      `/api/v1/message/${messageId}`,
      'localhost',
    );
    expect(still.status).toBe(200);
    expect(still.body).toContain('rebind-secret-token');
  });

  it('answers localhost, 127.0.0.1 and [::1], with or without its port', async () => {
    const { port } = new URL(capture.mailboxUrl);
    const loopback = [
      'localhost',
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      '127.0.0.1',
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
    ];
    for (const host of loopback) {
      const search = await send(
        capture.mailboxUrl,
        'GET',
        '/api/v1/search?query=to:rebind@example.test',
        host,
      );
      expect(search.status, host).toBe(200);
      expect(search.body).toContain(messageId);
      const message = await send(capture.mailboxUrl, 'GET', `/api/v1/message/${messageId}`, host);
      expect(message.status, host).toBe(200);
      expect(message.body).toContain('rebind-secret-token');
    }
    const cleared = await send(capture.mailboxUrl, 'DELETE', '/api/v1/messages', `[::1]:${port}`);
    expect(cleared.status).toBe(200);
    const empty = await send(capture.mailboxUrl, 'GET', '/api/v1/messages', `localhost:${port}`);
    expect(JSON.parse(empty.body)).toMatchObject({ total: 0 });
  });
});
