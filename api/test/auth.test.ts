import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordResetTokenModel } from '../src/accounts/password-reset-token-model';
import { UserModel } from '../src/accounts/user-model';
import { AuthMessages } from '../src/domain/auth/auth-messages';
import {
  startApi,
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { RESET_LINK, tokenIn, withoutRequestId } from '../../tests/support/accounts';
import { waitForMail } from '../../tests/support/mailbox';
import { testEmail, testEnv } from '../../tests/support/test-env';
import { jobsSettled } from '../../tests/support/settled-jobs';

const PASSWORD = 'correct horse 42';

function registration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Maya',
    lastName: 'Singh',
    address: '12 Rosedale Ave, Toronto',
    ...overrides,
  };
}

const resetLinkIn = (text: string): string => tokenIn(text, RESET_LINK);

describe('accounts through the API, with the workers sending the emails', () => {
  // Every request here comes from one address: the limits have their own test below.
  const env = testEnv({ LOG_LEVEL: 'info', AUTH_RATE_LIMIT_MAX: '1000' });
  let product: ProductHarness;
  let api: ApiHarness;

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
    api = product.api;
  });
  afterAll(async () => {
    await product.close();
  });

  /** Asks for a reset of an existing account and reads the token its email carries. */
  async function mailedResetToken(email: string): Promise<string> {
    await request(api.app).post('/api/auth/forgot-password').send({ email });
    const mails = await waitForMail(email, { count: 2 });
    return resetLinkIn(mails.find((mail) => mail.Subject.startsWith('Reset your'))?.Text ?? '');
  }

  it('registers, logs in with the email in other letter case, and knows the user at /api/me', async () => {
    const email = testEmail('maya');
    const registered = await request(api.app)
      .post('/api/auth/register')
      .send(registration(`  ${email.toUpperCase()} `));
    expect(registered.status).toBe(201);
    expect(registered.body.message).toBe('Signup Successful!');
    expect(registered.body.user).toMatchObject({
      email,
      firstName: 'Maya',
      lastName: 'Singh',
      name: 'Maya Singh',
    });
    expect(registered.body.user.id).toMatch(/^[a-f0-9]{24}$/);
    expect(typeof registered.body.token).toBe('string');

    const login = await request(api.app)
      .post('/api/auth/login')
      .send({ email: email.replace('maya', 'MaYa'), password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe('Login Successful!');
    expect(login.body.user.id).toBe(registered.body.user.id);

    const me = await request(api.app)
      .get('/api/me')
      .set('Authorization', `Bearer ${login.body.token as string}`);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    expect(JSON.stringify(me.body)).not.toMatch(/passwordHash|tokenVersion|\$argon2/);

    const [welcome] = await waitForMail(email);
    expect(welcome?.Subject).toBe('Welcome to Home Services');
  });

  it('refuses a second account for the same email with 409, whatever its letter case', async () => {
    const email = testEmail('twice');
    expect(
      (await request(api.app).post('/api/auth/register').send(registration(email))).status,
    ).toBe(201);
    const again = await request(api.app)
      .post('/api/auth/register')
      .send(registration(email.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(AuthMessages.emailTaken);
    expect(await UserModel.countDocuments({ email })).toBe(1);
  });

  it.each([
    [
      'a confirmation that differs',
      { confirmPassword: 'something else' },
      'Passwords do not match!',
    ],
    [
      'a password shorter than 6',
      { password: 'abc12', confirmPassword: 'abc12' },
      'Password must be at least 6 characters long',
    ],
    ['a malformed email', { email: 'maya@' }, AuthMessages.invalidEmail],
    ['a missing first name', { firstName: undefined }, 'First name is required.'],
    ['a blank address', { address: '   ' }, 'Address is required.'],
    ['an operator instead of a string', { email: { $gt: '' } }, 'Email is required.'],
    [
      'a common password, in any letter case',
      { password: 'PassWord123', confirmPassword: 'PassWord123' },
      AuthMessages.passwordTooCommon,
    ],
    [
      'a common password with a space after it',
      { password: 'password1 ', confirmPassword: 'password1 ' },
      AuthMessages.passwordTooCommon,
    ],
    [
      'a common password between spaces and a tab',
      { password: '  Password1\t', confirmPassword: '  Password1\t' },
      AuthMessages.passwordTooCommon,
    ],
    [
      'a common password with doubled spaces inside',
      { password: 'pass  word  1', confirmPassword: 'pass  word  1' },
      AuthMessages.passwordTooCommon,
    ],
    [
      'a line break in the first name',
      { firstName: 'Maya\r\nBcc: someone@example.test' },
      'First name must be on one line, without hidden control or text-direction characters.',
    ],
    [
      'a NUL in the last name',
      { lastName: 'Singh\u0000' },
      'Last name must be on one line, without hidden control or text-direction characters.',
    ],
    [
      'an escape sequence in the address',
      { address: '12 Rosedale Ave\u001b[2J' },
      'Address must be on one line, without hidden control or text-direction characters.',
    ],
    [
      'a C1 control character in the first name',
      { firstName: 'Maya\u0085Singh' },
      'First name must be on one line, without hidden control or text-direction characters.',
    ],
    [
      'a right-to-left override in the last name',
      { lastName: 'Singh\u202Egnp.exe' },
      'Last name must be on one line, without hidden control or text-direction characters.',
    ],
  ])('refuses %s with 400 and creates nothing', async (_case, overrides, message) => {
    const email = testEmail('invalid');
    const response = await request(api.app)
      .post('/api/auth/register')
      .send(registration(email, overrides));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await UserModel.countDocuments({ email })).toBe(0);
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const email = testEmail('known');
    await request(api.app).post('/api/auth/register').send(registration(email));
    const wrongPassword = await request(api.app)
      .post('/api/auth/login')
      .send({ email, password: 'not it at all' });
    const unknownEmail = await request(api.app)
      .post('/api/auth/login')
      .send({ email: testEmail('stranger'), password: PASSWORD });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(withoutRequestId(wrongPassword.body)).toEqual(withoutRequestId(unknownEmail.body));
    expect(wrongPassword.body.message).toBe(AuthMessages.invalidCredentials);
  });

  it('refuses query operators in a login with 400, never 200 or 500', async () => {
    const response = await request(api.app)
      .post('/api/auth/login')
      .send({ email: { $gt: '' }, password: { $gt: '' } });
    expect(response.status).toBe(400);
    expect(response.body.token).toBeUndefined();
  });

  it('refuses /api/me without a token, with a forged token and with a token signed by another key', async () => {
    expect((await request(api.app).get('/api/me')).status).toBe(401);
    expect(
      (await request(api.app).get('/api/me').set('Authorization', 'Bearer not.a.jwt')).status,
    ).toBe(401);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: '0123456789abcdef01234567', ver: 0, role: 'admin' }),
    ).toString('base64url');
    const unsigned = `${header}.${payload}.`;
    expect(
      (await request(api.app).get('/api/me').set('Authorization', `Bearer ${unsigned}`)).status,
    ).toBe(401);
  });

  it('resets a forgotten password through the emailed link, once, ending earlier sessions', async () => {
    const email = testEmail('forgetful');
    const registered = await request(api.app).post('/api/auth/register').send(registration(email));
    const oldToken = registered.body.token as string;

    const known = await request(api.app)
      .post('/api/auth/forgot-password')
      .send({ email: email.toUpperCase() });
    const unknownAddress = testEmail('nobody');
    const unknown = await request(api.app)
      .post('/api/auth/forgot-password')
      .send({ email: unknownAddress });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(withoutRequestId(known.body)).toEqual(withoutRequestId(unknown.body));
    expect(known.body.message).toBe(AuthMessages.resetLinkSent);

    const mails = await waitForMail(email, { count: 2 });
    const resetMail = mails.find((mail) => mail.Subject.startsWith('Reset your'));
    expect(resetMail?.Text).toContain('expires in 1 hour');
    const token = resetLinkIn(resetMail?.Text ?? '');
    expect(resetMail?.Text).toContain(
      `${env.SITE_URL ?? 'http://localhost:8080'}/reset-password/${token}`,
    );

    const newPassword = 'a brand new secret';
    const reset = await request(api.app)
      .post(`/api/auth/reset-password/${token}`)
      .send({ password: newPassword });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(AuthMessages.resetDone);

    const again = await request(api.app)
      .post(`/api/auth/reset-password/${token}`)
      .send({ password: 'yet another one' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(AuthMessages.resetLinkInvalid);

    expect(
      (await request(api.app).post('/api/auth/login').send({ email, password: PASSWORD })).status,
    ).toBe(401);
    const login = await request(api.app)
      .post('/api/auth/login')
      .send({ email, password: newPassword });
    expect(login.status).toBe(200);
    expect(
      (await request(api.app).get('/api/me').set('Authorization', `Bearer ${oldToken}`)).status,
    ).toBe(401);
    expect(
      (
        await request(api.app)
          .get('/api/me')
          .set('Authorization', `Bearer ${login.body.token as string}`)
      ).status,
    ).toBe(200);

    // Only the existing account was emailed: every job queued so far has run.
    await jobsSettled(api.context.jobs);
    expect(await waitForMail(unknownAddress, { count: 0 })).toHaveLength(0);
  });

  it('refuses an expired reset link and a short new password', async () => {
    const email = testEmail('late');
    await request(api.app).post('/api/auth/register').send(registration(email));
    const token = await mailedResetToken(email);

    const short = await request(api.app)
      .post(`/api/auth/reset-password/${token}`)
      .send({ password: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters long');

    const user = await UserModel.findOne({ email });
    await PasswordResetTokenModel.updateMany(
      { userId: user?._id },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    const expired = await request(api.app)
      .post(`/api/auth/reset-password/${token}`)
      .send({ password: 'long enough now' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(AuthMessages.resetLinkInvalid);

    const garbage = await request(api.app)
      .post('/api/auth/reset-password/not-a-token')
      .send({ password: 'long enough now' });
    expect(garbage.status).toBe(400);
  });

  it('refuses a common password at reset and leaves the link usable', async () => {
    const email = testEmail('common');
    await request(api.app).post('/api/auth/register').send(registration(email));
    const token = await mailedResetToken(email);

    const common = await request(api.app)
      .post(`/api/auth/reset-password/${token}`)
      .send({ password: 'Qwerty123' });
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(AuthMessages.passwordTooCommon);
    expect(common.body.fields.password).toBe(AuthMessages.passwordTooCommon);
    // What can be typed around a common password does not make it strong.
    const spaced = await request(api.app)
      .post(`/api/auth/reset-password/${token}`)
      .send({ password: ' qwerty  123 ' });
    expect(spaced.status).toBe(400);
    expect(spaced.body.message).toBe(AuthMessages.passwordTooCommon);
    const fine = await request(api.app)
      .post(`/api/auth/reset-password/${token}`)
      .send({ password: 'an uncommon choice 7' });
    expect(fine.status).toBe(200);
  });

  it('never writes a password, a hash, a reset token or the secret into a response or a log line', async () => {
    const email = testEmail('private');
    const secretPassword = 'Unmistakable-Pa55word';
    const registered = await request(api.app)
      .post('/api/auth/register')
      .send(registration(email, { password: secretPassword, confirmPassword: secretPassword }));
    await request(api.app).post('/api/auth/login').send({ email, password: secretPassword });
    await request(api.app)
      .post('/api/auth/login')
      .send({ email, password: `${secretPassword}-wrong` });
    const token = await mailedResetToken(email);
    const reset = await request(api.app)
      .post(`/api/auth/reset-password/${token}`)
      .send({ password: `${secretPassword}-2` });
    expect(reset.status).toBe(200);

    const user = await UserModel.findOne({ email }).select('+passwordHash');
    const everything = [
      ...api.logs,
      product.workers.output(),
      JSON.stringify(registered.body),
      JSON.stringify(reset.body),
    ].join('\n');
    expect(api.logs.length).toBeGreaterThan(3);
    expect(everything).not.toContain(secretPassword);
    expect(everything).not.toContain(user?.passwordHash ?? 'no hash?');
    expect(everything).not.toContain('$argon2id');
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(env.JWT_SECRET);
  });
});

describe('rate limits on the account forms', () => {
  it('answers 429 once the login limit is passed, counting across two API instances', async () => {
    const env = testEnv({ AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' });
    const first = await startApi(env);
    const second = await startApi(env);
    try {
      const attempt = (harness: ApiHarness) =>
        request(harness.app)
          .post('/api/auth/login')
          .send({ email: testEmail('guess'), password: 'guessing' });
      expect((await attempt(first)).status).toBe(401);
      expect((await attempt(second)).status).toBe(401);
      expect((await attempt(first)).status).toBe(401);
      const limited = await attempt(second);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(AuthMessages.tooManyAttempts);
      expect(limited.headers.ratelimit).toBeDefined();
      // Each form counts on its own: registering is still open.
      const register = await request(first.app)
        .post('/api/auth/register')
        .send(registration(testEmail('fresh')));
      expect(register.status).toBe(201);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
