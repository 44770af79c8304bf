import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs the ids in links that act without a login (manage a booking, confirm or leave the
 * newsletter) with the secret the API and the workers share. The purpose is part of what is
 * signed, so a token for one kind of link never opens another.
 */
export class LinkSigner {
  constructor(private readonly secret: string) {}

  sign(purpose: string, id: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${id}`).digest('base64url');
  }

  verify(purpose: string, id: string, token: unknown): boolean {
    if (typeof token !== 'string' || token.length > 100) return false;
    const expected = Buffer.from(this.sign(purpose, id));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
