import jwt from 'jsonwebtoken';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Login tokens that must all be refused, each for one reason, made from a real one (`valid`) and
 * the API's secret. Every one claims the admin role, so a check that reads the claims without
 * verifying them would let it into the operators' area too.
 */
export function forgedTokens(valid: string, secret: string): Record<string, string> {
  const [header = '', payload = '', signature = ''] = valid.split('.');
  const claims = jwt.decode(valid) as { sub: string; ver: number; exp: number } | null;
  if (!claims) throw new Error('forgedTokens needs a real login token');
  const admin = { sub: claims.sub, ver: claims.ver, role: 'admin' };
  const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  // Never the same bytes as the original, even for an admin's token: a longer life too.
  const tampered = base64url({ ...(decoded as object), role: 'admin', exp: claims.exp + 86_400 });
  return {
    'signed with another key': jwt.sign(admin, `${secret}-not-ours`, { algorithm: 'HS256' }),
    expired: jwt.sign({ ...admin, exp: Math.floor(Date.now() / 1000) - 60 }, secret, {
      algorithm: 'HS256',
    }),
    'payload changed, signature kept': `${header}.${tampered}.${signature}`,
    'signature removed': `${header}.${payload}.`,
    'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(admin)}.`,
    // HS256 signed with the empty key: what a verifier that forgets its secret would accept.
    'empty key': jwt.sign(admin, Buffer.alloc(0), { algorithm: 'HS256' }),
    'not yet valid': jwt.sign({ ...admin, nbf: Math.floor(Date.now() / 1000) + 3600 }, secret, {
      algorithm: 'HS256',
    }),
    'HS512 with our key': jwt.sign(admin, secret, { algorithm: 'HS512' }),
    garbage: 'not.a.jwt',
  };
}
