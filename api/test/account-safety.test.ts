import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailChangeModel } from '../src/accounts/email-change-model';
import { UserModel } from '../src/accounts/user-model';
import { jobs } from '../src/jobs/job-definitions';
import { AuthMessages } from '../src/domain/auth/auth-messages';
import { ProfileMessages } from '../src/domain/profile/profile-schema';
import { RESET_LINK, tokenIn, withoutRequestId } from '../../tests/support/accounts';
import { startApi, startApiAndWorkers } from '../../tests/support/api-harness';
import type { ApiHarness, ProductHarness } from '../../tests/support/api-harness';
import { mailbox, waitForMail } from '../../tests/support/mailbox';
import { eventually } from '../../tests/support/poll';
import { testEmail, testEnv } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';
/** A first name shaped to turn the welcome email into someone else's message. */
const PHISHING_NAME = 'Visit evil.example.com to claim $500';
const PHISHING_LAST_NAME = 'Call 416-555-0199 today';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const CONFIRM_CHANGE_LINK = /\/account\/confirm-email\?token=([A-Za-z0-9_-]{43})/;

describe('account safety, through the API with the workers sending the emails', () => {
  // Every request comes from one address: the per-address limits have their own test below.
  const env = testEnv({ AUTH_RATE_LIMIT_MAX: '1000' });
  let product: ProductHarness;
  let api: ApiHarness;

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
    api = product.api;
  });
  afterAll(async () => {
    await product.close();
  });

  async function register(label: string, overrides: Record<string, string> = {}) {
    const email = testEmail(label);
    const response = await request(api.app)
      .post('/api/auth/register')
      .send({
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Maya',
        lastName: 'Singh',
        address: '12 Rosedale Ave, Toronto',
        ...overrides,
      });
    expect(response.status, response.text).toBe(201);
    return { email, token: response.body.token as string, id: response.body.user.id as string };
  }

  const putProfile = (token: string, body: Record<string, unknown>) =>
    request(api.app).put('/api/me/profile').set(bearer(token)).send(body);
  const confirmChange = (token: string) =>
    request(api.app).post('/api/auth/confirm-email-change').send({ token });
  const login = (email: string, password = PASSWORD) =>
    request(api.app).post('/api/auth/login').send({ email, password });

  /** Asks for a change with the password and returns the token mailed to the new address. */
  async function askForChange(token: string, newEmail: string): Promise<string> {
    const asked = await putProfile(token, { email: newEmail, currentPassword: PASSWORD });
    expect(asked.status, asked.text).toBe(200);
    const [confirmation] = await waitForMail(newEmail);
    return tokenIn(confirmation?.Text ?? '', CONFIRM_CHANGE_LINK);
  }

  describe('changing the sign-in email needs the owner', () => {
    it('needs the current password and the link mailed to the new address, and tells the old address without naming the new one', async () => {
      const owner = await register('mover');
      const newEmail = testEmail('moved');

      const noPassword = await putProfile(owner.token, { email: newEmail, city: 'Ottawa' });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body.error).toBe(ProfileMessages.currentPasswordRequired);
      expect(noPassword.body.fields.currentPassword).toBe(noPassword.body.error);
      const wrong = await putProfile(owner.token, {
        email: newEmail,
        currentPassword: 'not my password',
        city: 'Ottawa',
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toBe(ProfileMessages.currentPasswordWrong);
      expect(wrong.body.fields.currentPassword).toBe(wrong.body.error);
      // A refused request changes nothing, the other fields included.
      const untouched = await UserModel.findById(owner.id);
      expect(untouched?.profile.city).toBe('');
      expect(await EmailChangeModel.countDocuments({ userId: owner.id })).toBe(0);

      const asked = await putProfile(owner.token, {
        email: `  ${newEmail.toUpperCase()} `,
        currentPassword: PASSWORD,
        city: 'Ottawa',
      });
      expect(asked.status).toBe(200);
      expect(asked.body.message).toBe(ProfileMessages.emailChangeSent);
      expect(asked.body.profile).toMatchObject({ email: owner.email, city: 'Ottawa' });
      // Nothing moves until the link is followed.
      expect((await login(newEmail)).status).toBe(401);
      expect((await login(owner.email)).status).toBe(200);

      const [confirmation] = await waitForMail(newEmail);
      const token = tokenIn(confirmation?.Text ?? '', CONFIRM_CHANGE_LINK);
      const oldMails = await waitForMail(owner.email, { count: 2 });
      const notice = oldMails.find((mail) => mail.Subject !== 'Welcome to Home Services');
      expect(notice).toBeDefined();
      const noticeText = `${notice?.Subject ?? ''}\n${notice?.Text ?? ''}\n${notice?.HTML ?? ''}`;
      expect(noticeText.toLowerCase()).not.toContain(newEmail.split('@')[0]);
      expect(noticeText).not.toContain(newEmail);
      // The way to secure the account: a reset link of its own.
      expect(tokenIn(notice?.Text ?? '', RESET_LINK)).toHaveLength(43);

      // Stored only as its hash.
      const stored = await EmailChangeModel.findOne({ userId: owner.id }).lean();
      expect(stored?.tokenHash).toBe(sha256(token));
      expect(JSON.stringify(stored)).not.toContain(token);

      const confirmed = await confirmChange(token);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.message).toBe(AuthMessages.emailChangeConfirmed);
      const again = await confirmChange(token);
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(AuthMessages.emailChangeLinkInvalid);

      const moved = await UserModel.findById(owner.id);
      expect(moved?.email).toBe(newEmail);
      expect(moved?.emailVerifiedAt).toBeInstanceOf(Date);
      expect((await login(newEmail)).status).toBe(200);
      expect((await login(owner.email)).status).toBe(401);
      // Every session ends with the change, the one that asked included: the link made it.
      const me = await request(api.app).get('/api/me').set(bearer(owner.token));
      expect(me.status).toBe(401);
      expect(me.body.message).toBe(AuthMessages.sessionExpired);
    });

    it('answers the same whether or not the new address is taken, and mails nothing to a taken one', async () => {
      const owner = await register('asker');
      const other = await register('taken');
      await waitForMail(other.email);
      const free = testEmail('free');

      const takenAnswer = await putProfile(owner.token, {
        email: other.email,
        currentPassword: PASSWORD,
      });
      const freeAnswer = await putProfile(owner.token, { email: free, currentPassword: PASSWORD });
      expect(takenAnswer.status).toBe(200);
      expect(freeAnswer.status).toBe(200);
      expect(withoutRequestId(takenAnswer.body)).toEqual(withoutRequestId(freeAnswer.body));
      expect(takenAnswer.body.message).toBe(ProfileMessages.emailChangeSent);

      // The free address's emails arrive; the taken one was never even queued an email.
      await waitForMail(free);
      await waitForMail(owner.email, { count: 2 });
      expect(await EmailChangeModel.countDocuments({ newEmail: other.email })).toBe(0);
      expect(await mailbox().list({ to: other.email })).toHaveLength(1);
      expect((await UserModel.findById(owner.id))?.email).toBe(owner.email);
    });

    it('answers a clear 409 when the address was taken between the request and the confirmation', async () => {
      const owner = await register('slow');
      const wanted = testEmail('wanted');
      const token = await askForChange(owner.token, wanted);
      await register('quick', { email: wanted });

      const late = await confirmChange(token);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(AuthMessages.emailChangeTaken);
      expect((await UserModel.findById(owner.id))?.email).toBe(owner.email);
    });

    it('lets the old address secure the account: its reset link voids the pending change', async () => {
      const owner = await register('victim');
      expect((await UserModel.findById(owner.id))?.emailVerifiedAt ?? null).toBeNull();
      const attackers = testEmail('attacker');
      const token = await askForChange(owner.token, attackers);
      const notice = (await waitForMail(owner.email, { count: 2 })).find((mail) =>
        RESET_LINK.test(mail.Text),
      );
      const resetToken = tokenIn(notice?.Text ?? '', RESET_LINK);

      const reset = await request(api.app)
        .post(`/api/auth/reset-password/${resetToken}`)
        .send({ password: 'a fresh secret 9' });
      expect(reset.status).toBe(200);
      const voided = await confirmChange(token);
      expect(voided.status).toBe(400);
      expect(voided.body.message).toBe(AuthMessages.emailChangeLinkInvalid);
      const user = await UserModel.findById(owner.id);
      expect(user?.email).toBe(owner.email);
      // Using a link mailed to the address proves the mailbox.
      expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    });
  });

  describe('a new sign-in email or password ends every other way in', () => {
    const resetPassword = (token: string, password: string) =>
      request(api.app).post(`/api/auth/reset-password/${token}`).send({ password });
    const me = (token: string) => request(api.app).get('/api/me').set(bearer(token));
    const resetLinkOf = (mails: { Subject: string; Text: string }[], subject: string) =>
      tokenIn(mails.find((mail) => mail.Subject.includes(subject))?.Text ?? '', RESET_LINK);

    it('a confirmed email change ends the reset links mailed to the old address, and every session', async () => {
      const owner = await register('moving-on');
      const otherDevice = (await login(owner.email)).body.token as string;
      await request(api.app).post('/api/auth/forgot-password').send({ email: owner.email });
      const forgotten = resetLinkOf(await waitForMail(owner.email, { count: 2 }), 'Reset your');
      const newEmail = testEmail('moved-on');
      const change = await askForChange(owner.token, newEmail);
      const notice = resetLinkOf(await waitForMail(owner.email, { count: 3 }), 'is changing');

      expect((await confirmChange(change)).status).toBe(200);

      // Whoever reads the old mailbox from now on cannot take the account back with them.
      for (const link of [forgotten, notice]) {
        const taken = await resetPassword(link, 'a takeover secret 1');
        expect(taken.status).toBe(400);
        expect(taken.body.message).toBe(AuthMessages.resetLinkInvalid);
      }
      expect((await login(newEmail, 'a takeover secret 1')).status).toBe(401);
      expect((await login(newEmail)).status).toBe(200);
      for (const token of [owner.token, otherDevice]) {
        expect((await me(token)).status).toBe(401);
      }
    });

    it('a password reset ends a pending email-change link, the other reset links, and every session', async () => {
      const owner = await register('resetting');
      const otherDevice = (await login(owner.email)).body.token as string;
      const change = await askForChange(owner.token, testEmail('never-moved'));
      await request(api.app).post('/api/auth/forgot-password').send({ email: owner.email });
      const mails = await waitForMail(owner.email, { count: 3 });
      const forgotten = resetLinkOf(mails, 'Reset your');
      const notice = resetLinkOf(mails, 'is changing');

      expect((await resetPassword(forgotten, 'a fresh secret 9')).status).toBe(200);

      const voided = await confirmChange(change);
      expect(voided.status).toBe(400);
      expect(voided.body.message).toBe(AuthMessages.emailChangeLinkInvalid);
      expect((await resetPassword(notice, 'a second secret 9')).status).toBe(400);
      for (const token of [owner.token, otherDevice]) {
        expect((await me(token)).status).toBe(401);
      }
      expect((await login(owner.email, 'a fresh secret 9')).status).toBe(200);
    });

    it('mails no working reset link to the old address once the change is done, however late', async () => {
      const owner = await register('late-notice');
      const change = await askForChange(owner.token, testEmail('early-move'));
      await waitForMail(owner.email, { count: 2 });
      expect((await confirmChange(change)).status).toBe(200);

      // The worker is slow: the notice's job runs again only after the move.
      const requestId = String((await EmailChangeModel.findOne({ userId: owner.id }))?._id);
      await api.context.jobs.add(
        jobs.emailChangeNotice,
        { requestId },
        { jobId: `late-notice-${requestId}` },
      );
      const mails = await waitForMail(owner.email, { count: 3 });
      const late = mails.find((mail) => mail.Subject.endsWith('account has changed'));
      expect(late?.Text).toContain('This address no longer signs in to the account.');
      for (const mail of mails.filter((each) => RESET_LINK.test(each.Text))) {
        const taken = await resetPassword(tokenIn(mail.Text, RESET_LINK), 'a takeover secret 2');
        expect(taken.status).toBe(400);
      }
      // Nor does a link minted for it by hand (a job already past its check).
      const { token } = await api.context.passwordResets.issueToken(owner.id, owner.email);
      expect((await resetPassword(token, 'a takeover secret 3')).status).toBe(400);
    });
  });

  describe('account emails carry nothing a visitor typed', () => {
    const typedText = [PHISHING_NAME, 'evil.example.com', '$500', PHISHING_LAST_NAME, '555-0199'];
    const expectNoTypedText = (mail: { Subject: string; Text: string; HTML: string }) => {
      const everything = `${mail.Subject}\n${mail.Text}\n${mail.HTML}`;
      for (const text of typedText) expect(everything).not.toContain(text);
      expect(mail.Text).toMatch(/^Hello,$/m);
    };

    it('greets without the name in the welcome, reset and email-change emails', async () => {
      const phisher = await register('phish', {
        firstName: PHISHING_NAME,
        lastName: PHISHING_LAST_NAME,
      });
      const [welcome] = await waitForMail(phisher.email);
      expect(welcome?.Subject).toBe('Welcome to Home Services');
      expectNoTypedText(welcome ?? { Subject: '', Text: '', HTML: '' });

      await request(api.app).post('/api/auth/forgot-password').send({ email: phisher.email });
      const newEmail = testEmail('phish-new');
      await putProfile(phisher.token, { email: newEmail, currentPassword: PASSWORD });
      const [confirmation] = await waitForMail(newEmail);
      const mails = await waitForMail(phisher.email, { count: 3 });
      for (const mail of [...mails, confirmation]) {
        expectNoTypedText(mail ?? { Subject: '', Text: '', HTML: '' });
      }
    });

    it("confirms the address through the welcome email's signed link", async () => {
      const person = await register('welcomed');
      const [welcome] = await waitForMail(person.email);
      const link = new URL(tokenIn(welcome?.Text ?? '', /(http\S+\/account\/verify-email\?\S+)/));
      expect(link.searchParams.get('user')).toBe(person.id);
      const token = link.searchParams.get('token') ?? '';

      const tampered = await request(api.app)
        .post('/api/auth/verify-email')
        .send({ user: person.id, token: `${token.slice(0, -2)}xx` });
      expect(tampered.status).toBe(400);
      expect(tampered.body.message).toBe(AuthMessages.emailVerifyLinkInvalid);
      expect((await UserModel.findById(person.id))?.emailVerifiedAt ?? null).toBeNull();

      const verified = await request(api.app)
        .post('/api/auth/verify-email')
        .send({ user: person.id, token });
      expect(verified.status).toBe(200);
      expect(verified.body.message).toBe(AuthMessages.emailVerified);
      expect((await UserModel.findById(person.id))?.emailVerifiedAt).toBeInstanceOf(Date);
    });
  });

  describe('sessions end when the owner says so', () => {
    it('ends the token that logs out, on the server, and leaves other devices signed in', async () => {
      const person = await register('leaver');
      const otherDevice = (await login(person.email)).body.token as string;
      const copied = person.token;

      const out = await request(api.app).post('/api/auth/logout').set(bearer(person.token));
      expect(out.status).toBe(200);
      expect(out.body.message).toBe(AuthMessages.loggedOut);
      const reused = await request(api.app).get('/api/me').set(bearer(copied));
      expect(reused.status).toBe(401);
      expect(reused.body.message).toBe(AuthMessages.sessionExpired);
      expect((await request(api.app).get('/api/me/profile').set(bearer(copied))).status).toBe(401);
      expect((await request(api.app).get('/api/me').set(bearer(otherDevice))).status).toBe(200);
      expect((await request(api.app).post('/api/auth/logout')).status).toBe(401);
    });

    it('slows repeated failed logins per account, without checking the password while delayed', async () => {
      const person = await register('target');
      const wrong = () => login(person.email, 'wrong guess 1');
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await wrong()).status, `failure ${attempt} is free`).toBe(401);
      }
      // One more failure may slip past the first one-second delay on a slow machine; never two.
      let delayed = await wrong();
      if (delayed.status === 401) delayed = await wrong();
      expect(delayed.status).toBe(429);
      expect(delayed.body.message).toBe(AuthMessages.loginDelayed);
      const retryAfter = Number(delayed.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(30);

      // The right password is not even checked while the account is delayed.
      const right = await login(person.email);
      expect(right.status).toBe(429);
      expect(right.body.token).toBeUndefined();
      // Another account from the same address is not held back.
      const bystander = await register('bystander');
      expect((await login(bystander.email)).status).toBe(200);

      // Once the delay is over the owner gets in, and the count starts again.
      const signedIn = await eventually(
        async () => {
          const answer = await login(person.email);
          expect(answer.status).toBe(200);
          return answer;
        },
        { timeoutMs: 10_000, intervalMs: 250 },
      );
      expect(signedIn.body.token).toBeTruthy();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await wrong()).status, `failure ${attempt} after a success`).toBe(401);
      }
    });

    it('slows an unknown email alike, keys the count by a hash, and caps the delay', async () => {
      const stranger = testEmail('nobody');
      const attempt = () => login(stranger, 'whatever 123');
      for (let n = 1; n <= 5; n += 1) expect((await attempt()).status).toBe(401);
      let delayed = await attempt();
      if (delayed.status === 401) delayed = await attempt();
      expect(delayed.status).toBe(429);
      expect(delayed.body.message).toBe(AuthMessages.loginDelayed);

      const prefix = env.QUEUE_PREFIX ?? '';
      const keys = await api.context.redis.keys(`${prefix}:login-*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(key).not.toContain(stranger);
      const hashed = sha256(stranger);
      expect(keys.some((key) => key.endsWith(hashed))).toBe(true);

      // However many failures pile up, one wait is at most 30 seconds.
      const counter = keys.find((key) => key.includes('failures') && key.endsWith(hashed)) ?? '';
      await api.context.redis.set(counter, '60', 'EX', 900);
      const lock = keys.find((key) => key.includes('delay') && key.endsWith(hashed)) ?? '';
      await api.context.redis.del(lock);
      expect((await attempt()).status).toBe(401);
      const wait = await api.context.redis.pttl(lock);
      expect(wait).toBeGreaterThan(20_000);
      expect(wait).toBeLessThanOrEqual(30_000);
    });
  });
});

describe('profile and avatar changes are rate-limited per address', () => {
  it('answers 429 past AUTH_RATE_LIMIT_MAX, each form on its own', async () => {
    const api = await startApi(testEnv({ AUTH_RATE_LIMIT_MAX: '2' }));
    try {
      const registered = await request(api.app)
        .post('/api/auth/register')
        .send({
          email: testEmail('busy'),
          password: PASSWORD,
          confirmPassword: PASSWORD,
          firstName: 'Sam',
          lastName: 'Lee',
          address: '1 King St W',
        });
      const auth = bearer(registered.body.token as string);
      const save = () =>
        request(api.app).put('/api/me/profile').set(auth).send({ city: 'Toronto' });
      expect((await save()).status).toBe(200);
      expect((await save()).status).toBe(200);
      const limited = await save();
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(AuthMessages.tooManyAttempts);

      const remove = () => request(api.app).delete('/api/me/avatar').set(auth);
      expect((await remove()).status).toBe(200);
      expect((await remove()).status).toBe(200);
      expect((await remove()).status).toBe(429);
    } finally {
      await api.close();
    }
  });
});
