import { createHash } from 'node:crypto';
import express from 'express';
import { OAuth2Server, type MutableResponse } from 'oauth2-mock-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EmailChangeModel } from '../src/accounts/email-change-model';
import { UserModel } from '../src/accounts/user-model';
import { ProfileMessages } from '../src/domain/profile/profile-schema';
import { createApiContext, type ApiContext } from '../src/server/api-context';
import { createApp } from '../src/server/app';
import { TEST_APP_OPTIONS } from '../../tests/support/api-harness';
import { listen, type RunningServer } from '../src/http/http-server';
import { jobs } from '../src/jobs/job-definitions';
import { createLogger } from '../src/platform/logger';
import { testApiConfig, testEmail, uniqueId } from '../../tests/support/test-env';

/** Enough of a browser for an OAuth round trip: no automatic redirects, cookies per origin. */
class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  get(url: string): Promise<Response> {
    return this.send(url, { method: 'GET' });
  }

  post(url: string, body: unknown): Promise<Response> {
    return this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  cookie(url: string, name: string): string | undefined {
    return this.cookies(url).get(name);
  }

  setCookie(url: string, name: string, value: string): void {
    this.cookies(url).set(name, value);
  }

  private cookies(url: string): Map<string, string> {
    const origin = new URL(url).origin;
    let cookies = this.jar.get(origin);
    if (!cookies) {
      cookies = new Map();
      this.jar.set(origin, cookies);
    }
    return cookies;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    const cookies = this.cookies(url);
    const headers = new Headers(init.headers);
    if (cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', date = ''] = attribute.trim().split('=');
        return (
          (key.toLowerCase() === 'max-age' && Number(date) <= 0) ||
          (key.toLowerCase() === 'expires' && Date.parse(date) <= Date.now())
        );
      });
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function locationOf(response: Response): URL {
  const location = response.headers.get('location');
  if (!location) throw new Error(`no Location header (status ${response.status})`);
  return new URL(location);
}

interface GoogleUser {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

function googleUser(overrides: Partial<GoogleUser> = {}): GoogleUser {
  return {
    sub: `google-${uniqueId()}`,
    email: testEmail('google'),
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    name: 'Grace Hopper',
    ...overrides,
  };
}

describe('Google sign-in', () => {
  const logLines: string[] = [];
  const logger = createLogger({
    name: 'test',
    level: 'info',
    destination: { write: (line: string) => void logLines.push(line) },
  });
  const oauth = new OAuth2Server();
  /** What the mock's userinfo endpoint answers with next. */
  let signedInAtGoogle: GoogleUser = googleUser();
  /** Every Location our API sent and every token or code it issued, for the leak checks. */
  const ourLocations: string[] = [];
  const secrets: string[] = [];
  let context: ApiContext;
  let app: express.Express;
  let running: RunningServer;
  let siteUrl: string;
  let issuer: string;

  beforeAll(async () => {
    await oauth.issuer.keys.generate('RS256');
    await oauth.start(0, '127.0.0.1');
    issuer = oauth.issuer.url ?? '';
    oauth.service.on('beforeUserinfo', (response: MutableResponse) => {
      response.body = { ...signedInAtGoogle };
    });

    // The callback URL is built from SITE_URL, so the port must be known before the config.
    const shell = express();
    shell.use((req, res, next) => {
      app(req, res, next);
    });
    running = await listen(shell, 0, '127.0.0.1');
    siteUrl = `http://127.0.0.1:${running.port}`;
    context = await createApiContext(
      testApiConfig({
        SITE_URL: siteUrl,
        GOOGLE_CLIENT_ID: 'test-client-id',
        GOOGLE_CLIENT_SECRET: 'test-client-secret',
        GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
        GOOGLE_TOKEN_URL: `${issuer}/token`,
        GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
        AUTH_RATE_LIMIT_MAX: '100',
      }),
      logger,
    );
    app = createApp(context, TEST_APP_OPTIONS);
  });

  afterAll(async () => {
    await running.close(1_000);
    await context.close();
    await oauth.stop();
  });

  /** GET /api/auth/google, then the mock Google; returns where Google sends the browser back. */
  async function toCallback(browser: Browser): Promise<URL> {
    const start = await browser.get(`${siteUrl}/api/auth/google`);
    expect(start.status).toBe(302);
    ourLocations.push(locationOf(start).href);
    const authorize = locationOf(start);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer}/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe('test-client-id');
    expect(authorize.searchParams.get('scope')).toBe('profile email');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${siteUrl}/api/auth/google/callback`);
    expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    const atGoogle = await browser.get(authorize.href);
    expect(atGoogle.status).toBe(302);
    const callback = locationOf(atGoogle);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${siteUrl}/api/auth/google/callback`);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
    return callback;
  }

  /** GET our callback; returns the site page it redirects to. */
  async function atCallback(browser: Browser, callback: URL | string): Promise<URL> {
    const answer = await browser.get(String(callback));
    expect(answer.status).toBe(302);
    const landing = locationOf(answer);
    ourLocations.push(landing.href);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${siteUrl}/signup/register`);
    return landing;
  }

  /** The whole round trip; returns the one-time code the site receives. */
  async function signInWithGoogle(browser: Browser): Promise<string> {
    const landing = await atCallback(browser, await toCallback(browser));
    expect(landing.searchParams.has('google_error')).toBe(false);
    const code = landing.searchParams.get('google') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    secrets.push(code);
    return code;
  }

  async function exchange(browser: Browser, code: string) {
    const response = await browser.post(`${siteUrl}/api/auth/google/exchange`, { code });
    const body = (await response.json()) as {
      token?: string;
      message: string;
      user?: { id: string; email: string; firstName: string; lastName: string; name: string };
    };
    if (body.token) secrets.push(body.token);
    return { status: response.status, body };
  }

  it('answers 503 with the exact message when Google is not configured', async () => {
    const unconfigured = createApp(
      {
        ...context,
        config: { ...context.config, GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined },
      },
      TEST_APP_OPTIONS,
    );
    const response = await request(unconfigured).get('/api/auth/google');
    expect(response.status).toBe(503);
    expect(response.body.message).toBe('Google sign-in is not configured');
    expect(response.headers.location).toBeUndefined();
  });

  it('sets the state cookie HttpOnly, SameSite=Lax and scoped to the Google routes', async () => {
    const start = await fetch(`${siteUrl}/api/auth/google`, { redirect: 'manual' });
    const [stateCookie] = start.headers.getSetCookie();
    expect(stateCookie).toMatch(/^hs_google_state=/);
    expect(stateCookie).toMatch(/HttpOnly/i);
    expect(stateCookie).toMatch(/SameSite=Lax/i);
    expect(stateCookie).toMatch(/Path=\/api\/auth\/google(;|$)/);
    expect(start.headers.get('cache-control')).toBe('no-store');
  });

  it('creates the account on the first Google sign-in and finds it on the second', async () => {
    const person = googleUser({ email: testEmail('Google.Person').toUpperCase() });
    signedInAtGoogle = person;
    const email = person.email.toLowerCase();

    const sessions = [];
    for (let round = 0; round < 2; round += 1) {
      const browser = new Browser();
      const code = await signInWithGoogle(browser);
      const { status, body } = await exchange(browser, code);
      expect(status).toBe(200);
      expect(body.message).toBe('Google Login Successful!');
      expect(body.user).toMatchObject({
        email,
        firstName: 'Grace',
        lastName: 'Hopper',
        name: 'Grace Hopper',
      });
      const me = await request(app)
        .get('/api/me')
        .set('Authorization', `Bearer ${body.token ?? ''}`);
      expect(me.status).toBe(200);
      expect(me.body.user.id).toBe(body.user?.id);
      expect(me.body.user.email).toBe(email);
      sessions.push(body);
    }
    expect(sessions[1]?.user?.id).toBe(sessions[0]?.user?.id);

    expect(await UserModel.countDocuments({ email })).toBe(1);
    const stored = await UserModel.findOne({ email }).select('+passwordHash');
    expect(stored?.googleId).toBe(person.sub);
    expect(stored?.passwordHash).toBeNull();
    // Google verified the address, so the account starts verified.
    expect(stored?.emailVerifiedAt).toBeInstanceOf(Date);
    const welcome = await context.jobs
      .queue(jobs.welcomeEmail.queue)
      .getJob(`welcome-${stored?.id as string}`);
    expect(welcome?.name).toBe(jobs.welcomeEmail.name);
  });

  it('keeps the names Google gives without control or direction characters', async () => {
    // Google's profile is not a form we can answer 400: what it sends is stored without the
    // characters every form refuses, so it cannot spoof a name in the console or in an email.
    signedInAtGoogle = googleUser({
      given_name: 'Gr\u202Eace\u0085',
      family_name: '\u2066Hop\u001b[2Jper\u2069',
    });
    const browser = new Browser();
    const { status, body } = await exchange(browser, await signInWithGoogle(browser));
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ firstName: 'Grace', lastName: 'Hop[2Jper' });
    const stored = await UserModel.findById(body.user?.id);
    expect([stored?.firstName, stored?.lastName]).toEqual(['Grace', 'Hop[2Jper']);
  });

  it('links Google to an existing account with the same verified email', async () => {
    const existing = await UserModel.create({
      email: testEmail('has-password'),
      passwordHash: 'not-a-real-hash',
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailVerifiedAt: new Date(),
    });
    signedInAtGoogle = googleUser({ email: existing.email });
    const browser = new Browser();
    const { status, body } = await exchange(browser, await signInWithGoogle(browser));
    expect(status).toBe(200);
    expect(body.user?.id).toBe(existing.id);
    expect(body.user?.firstName).toBe('Ada');
    expect(await UserModel.countDocuments({ email: existing.email })).toBe(1);
    const linked = await UserModel.findById(existing.id).select('+passwordHash');
    expect(linked?.googleId).toBe(signedInAtGoogle.sub);
    expect(linked?.passwordHash).toBe('not-a-real-hash');
  });

  it('links nothing to a password account whose email was never confirmed, and says why', async () => {
    // Someone registered this address without owning it; the mailbox's owner now uses Google.
    const squatted = await UserModel.create({
      email: testEmail('squatted'),
      passwordHash: 'not-a-real-hash',
      firstName: 'Eve',
    });
    signedInAtGoogle = googleUser({ email: squatted.email });
    const browser = new Browser();
    const landing = await atCallback(browser, await toCallback(browser));
    expect(landing.searchParams.get('google_error')).toBe('email-unverified');
    expect(landing.searchParams.has('google')).toBe(false);
    expect(browser.cookie(siteUrl, 'hs_google_sign_in')).toBeUndefined();
    const after = await UserModel.findById(squatted.id);
    expect(after?.googleId).toBeNull();
    expect(await UserModel.countDocuments({ email: squatted.email })).toBe(1);
  });

  it("changes a Google-only account's email only within 10 minutes of a Google sign-in", async () => {
    signedInAtGoogle = googleUser();
    const browser = new Browser();
    const { body } = await exchange(browser, await signInWithGoogle(browser));
    const auth = { Authorization: `Bearer ${body.token ?? ''}` };
    const userId = body.user?.id ?? '';
    const change = (email: string) =>
      request(app)
        .put('/api/me/profile')
        .set(auth)
        .send({ email, currentPassword: 'a guess at a password' });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    let stale;
    try {
      stale = await change(testEmail('too-late'));
    } finally {
      vi.useRealTimers();
    }
    expect(stale.status).toBe(403);
    expect(stale.body.error).toBe(ProfileMessages.googleSignInAgain);
    expect(await EmailChangeModel.countDocuments({ userId })).toBe(0);

    const wanted = testEmail('google-moved');
    const fresh = await change(wanted);
    expect(fresh.status).toBe(200);
    expect(fresh.body.message).toBe(ProfileMessages.emailChangeSent);
    expect(fresh.body.profile.email).toBe(signedInAtGoogle.email);
    expect(await EmailChangeModel.countDocuments({ userId, newEmail: wanted })).toBe(1);
  });

  it('accepts a one-time code once', async () => {
    signedInAtGoogle = googleUser();
    const browser = new Browser();
    const code = await signInWithGoogle(browser);
    const binding = browser.cookie(siteUrl, 'hs_google_sign_in');
    expect(binding).toBeTruthy();
    // Kept as its hash, for a minute.
    const key = `${context.config.QUEUE_PREFIX}:google-sign-in:${sha256(code)}`;
    const ttl = await context.redis.ttl(key);
    expect(ttl).toBeGreaterThan(50);
    expect(ttl).toBeLessThanOrEqual(60);
    expect(
      await context.redis.exists(`${context.config.QUEUE_PREFIX}:google-sign-in:${code}`),
    ).toBe(0);
    expect((await exchange(browser, code)).status).toBe(200);

    // Even with its browser binding put back, the spent code is refused.
    browser.setCookie(siteUrl, 'hs_google_sign_in', binding ?? '');
    const again = await exchange(browser, code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: 'Google Sign-In Failed' });
    expect(again.body.token).toBeUndefined();
  });

  it('refuses a code taken to another browser, and unknown or malformed codes', async () => {
    signedInAtGoogle = googleUser();
    const code = await signInWithGoogle(new Browser());
    const elsewhere = await exchange(new Browser(), code);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe('Google Sign-In Failed');

    for (const bad of ['A'.repeat(43), 'short', 42]) {
      const response = await new Browser().post(`${siteUrl}/api/auth/google/exchange`, {
        code: bad,
      });
      expect(response.status, String(bad)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        'Google Sign-In Failed',
      );
    }
  });

  it('refuses a callback whose state does not match, and creates no account', async () => {
    signedInAtGoogle = googleUser();
    const browser = new Browser();
    const callback = await toCallback(browser);
    callback.searchParams.set('state', 'forged-state-value-0123456789');
    const landing = await atCallback(browser, callback);
    expect(landing.searchParams.get('google_error')).toBe('1');
    expect(landing.searchParams.has('google')).toBe(false);
    expect(await UserModel.countDocuments({ email: signedInAtGoogle.email })).toBe(0);
  });

  it('refuses a callback carried to a browser that did not start the sign-in', async () => {
    signedInAtGoogle = googleUser();
    const callback = await toCallback(new Browser());
    const landing = await atCallback(new Browser(), callback);
    expect(landing.searchParams.get('google_error')).toBe('1');
    expect(await UserModel.countDocuments({ email: signedInAtGoogle.email })).toBe(0);
  });

  it('refuses a Google account whose email is not verified', async () => {
    signedInAtGoogle = googleUser({ email_verified: false });
    const browser = new Browser();
    const landing = await atCallback(browser, await toCallback(browser));
    expect(landing.searchParams.get('google_error')).toBe('1');
    expect(await UserModel.countDocuments({ email: signedInAtGoogle.email })).toBe(0);
  });

  it('sends the browser to the error page when the person declines at Google', async () => {
    const landing = await atCallback(
      new Browser(),
      `${siteUrl}/api/auth/google/callback?error=access_denied&state=x`,
    );
    expect(landing.searchParams.get('google_error')).toBe('1');
  });

  it('never puts a login token in a redirect, nor a token or code in the logs', () => {
    expect(ourLocations.length).toBeGreaterThan(10);
    const tokens = secrets.filter((secret) => secret.startsWith('eyJ'));
    expect(tokens.length).toBeGreaterThan(0);
    for (const location of ourLocations) {
      expect(location).not.toMatch(/eyJ[A-Za-z0-9_-]+\./);
      for (const token of tokens) expect(location).not.toContain(token);
    }
    const logs = logLines.join('\n');
    expect(logs).toContain('/api/auth/google/exchange');
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });
});
