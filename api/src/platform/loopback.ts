import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** 127.0.0.0/8 and ::1, also as IPv4 mapped into IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

// The whole header, not a prefix: 'localhost.attacker.example' and '[::1]evil' are other names.
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/** A Host header naming this machine: localhost, 127.0.0.1 or [::1], with or without a port. */
export function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host);
}

/**
 * A request from this machine that names this machine, the only kind the development mailboxes
 * (the API's /dev/mailbox and the launcher's mail capture) answer: they hold every reset and
 * manage link the product sent. The peer is the socket's own address (never X-Forwarded-For: a
 * proxy in front would make every visitor local). The Host check is what stops DNS rebinding: a
 * page on another site whose name now resolves to 127.0.0.1 connects from this machine, but its
 * requests still carry that site's name.
 */
export function fromThisMachine(req: IncomingMessage): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && isLoopbackHost(req.headers.host);
}
