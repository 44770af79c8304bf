import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserModel } from '../src/accounts/user-model';
import { createApiContext, type ApiContext } from '../src/server/api-context';
import { AVATAR_MAX_BYTES, ProfileMessages } from '../src/domain/profile/profile-schema';
import { createApp } from '../src/server/app';
import { TEST_APP_OPTIONS } from '../../tests/support/api-harness';
import { createLogger } from '../src/platform/logger';
import { png, readAll, webp } from '../../tests/support/images';
import { testApiConfig, testEmail } from '../../tests/support/test-env';

const logger = createLogger({ name: 'test', level: 'silent' });
const PASSWORD = 'correct horse 42';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

const fullProfile = {
  firstName: 'Maya',
  lastName: 'Singh-Patel',
  company: 'Singh Gardens Ltd.',
  phone: '+1 (416) 555-0199',
  address: '88 Queen St W',
  city: 'Toronto',
  state: 'ON',
  zipCode: 'M5H 2N2',
  country: 'Canada',
  dob: '1988-04-12',
  bio: 'Two kids, one dog,\nand a garden that needs help.',
};

describe('profile settings through the API', () => {
  let context: ApiContext;
  let app: express.Express;
  let token: string;
  let email: string;
  let otherEmail: string;

  const auth = () => ({ Authorization: `Bearer ${token}` });
  const getProfile = async () => {
    const response = await request(app).get('/api/me/profile').set(auth());
    expect(response.status).toBe(200);
    return response.body.profile as Record<string, string>;
  };
  const avatarKey = async () => {
    const user = await UserModel.findOne({ email });
    return user?.profile.avatarKey ?? '';
  };
  const register = async (address: string) => {
    const response = await request(app).post('/api/auth/register').send({
      email: address,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Maya',
      lastName: 'Singh',
      address: '12 Rosedale Ave, Toronto',
    });
    expect(response.status).toBe(201);
    return response.body.token as string;
  };

  beforeAll(async () => {
    // Every request comes from one address; the per-address limits have their own test.
    context = await createApiContext(testApiConfig({ AUTH_RATE_LIMIT_MAX: '1000' }), logger);
    app = createApp(context, TEST_APP_OPTIONS);
    email = testEmail('maya');
    otherEmail = testEmail('other');
    token = await register(`  ${email.toUpperCase()} `);
    await register(otherEmail);
  });
  afterAll(async () => {
    await context.close();
  });

  it('refuses visitors and broken tokens with 401', async () => {
    const calls = [
      request(app).get('/api/me/profile'),
      request(app).put('/api/me/profile').send({ bio: 'x' }),
      request(app).get('/api/me/avatar'),
      request(app)
        .put('/api/me/avatar')
        .attach('avatar', png(1, 1, [0, 0, 0]), 'a.png'),
      request(app).delete('/api/me/avatar'),
      request(app).get('/api/me/profile').set('Authorization', 'Bearer not-a-token'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(response.body.error).toBeTruthy();
    }
  });

  it('shows the registration data in a new profile', async () => {
    const response = await request(app).get('/api/me/profile').set(auth());
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.profile).toEqual({
      firstName: 'Maya',
      lastName: 'Singh',
      company: '',
      email,
      phone: '',
      address: '12 Rosedale Ave, Toronto',
      city: '',
      state: '',
      zipCode: '',
      country: '',
      dob: '',
      bio: '',
      profilePicture: '',
      hasPassword: true,
    });
  });

  it('saves the profile, trimmed, and a second read returns it', async () => {
    const response = await request(app)
      .put('/api/me/profile')
      .set(auth())
      .send({
        ...fullProfile,
        city: '  Toronto  ',
        company: '  Singh Gardens Ltd. ',
        email: `  ${email.toUpperCase()}  `,
      });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Profile updated successfully!');
    const expected = { ...fullProfile, email, profilePicture: '', hasPassword: true };
    expect(response.body.profile).toEqual(expected);
    expect(await getProfile()).toEqual(expected);
  });

  it('keeps fields left out of a PUT and drops unknown ones', async () => {
    const response = await request(app)
      .put('/api/me/profile')
      .set(auth())
      .send({
        bio: 'Short bio.',
        role: 'admin',
        tokenVersion: 7,
        profilePicture: 'data:image/png;base64,AAAA',
        profile: { avatarKey: 'avatars/someone-else/x.png' },
      });
    expect(response.status).toBe(200);
    expect(response.body.profile).toEqual({
      ...fullProfile,
      email,
      bio: 'Short bio.',
      profilePicture: '',
      hasPassword: true,
    });
    const user = await UserModel.findOne({ email });
    expect(user?.role).toBe('customer');
    expect(user?.tokenVersion).toBe(0);
    expect(user?.profile.avatarKey).toBe('');
    const me = await request(app).get('/api/me').set(auth());
    expect(me.status).toBe(200);
  });

  it('refuses a PUT that names no profile field, and changes nothing', async () => {
    const before = await UserModel.findOne({ email }).lean();
    for (const body of [{}, { role: 'admin' }, { a: '\ud800' }]) {
      const response = await request(app).put('/api/me/profile').set(auth()).send(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe(ProfileMessages.nothingToUpdate);
    }
    const after = await UserModel.findOne({ email }).lean();
    expect(after?.updatedAt).toEqual(before?.updatedAt);
  });

  it('refuses each invalid field with a 400 naming it, and changes nothing', async () => {
    const before = await getProfile();
    const cases: [string, unknown, RegExp][] = [
      ['firstName', '', /First name is required/],
      ['firstName', '   ', /First name is required/],
      ['firstName', 'x'.repeat(61), /at most 60/],
      ['firstName', null, /must be text/],
      ['lastName', 'x'.repeat(61), /at most 60/],
      ['company', 'x'.repeat(101), /Company must be at most 100 characters/],
      ['company', 'Acme\u202Egnp.exe', /one line/],
      ['company', 42, /must be text/],
      ['email', 'not-an-email', /valid email/],
      ['email', '', /Email is required/],
      ['email', `${'a'.repeat(250)}@example.com`, /valid email/],
      ['phone', 'call me maybe', /valid phone/],
      ['phone', '12', /valid phone/],
      ['phone', '1'.repeat(31), /at most 30/],
      ['address', 'x'.repeat(201), /at most 200/],
      ['city', 'x'.repeat(101), /at most 100/],
      ['city', 'Toronto\nOttawa', /one line/],
      ['state', 'x'.repeat(101), /at most 100/],
      ['country', 'x'.repeat(101), /at most 100/],
      ['zipCode', '<M5H>', /postal or ZIP/],
      ['zipCode', 'M5H 2N2 12345', /at most 12/],
      ['dob', '31/12/1990', /YYYY-MM-DD/],
      ['dob', '1990-02-30', /YYYY-MM-DD/],
      ['dob', '1990-13-01', /YYYY-MM-DD/],
      ['dob', '1899-12-31', /before 1900/],
      ['dob', today(), /in the past/],
      ['dob', tomorrow(), /in the past/],
      ['bio', 'x'.repeat(1001), /at most 1000/],
      ['bio', { $gt: '' }, /must be text/],
      ['bio', ['a', 'b'], /must be text/],
      ['email', { $ne: null }, /Email/],
    ];
    for (const [field, value, message] of cases) {
      const response = await request(app)
        .put('/api/me/profile')
        .set(auth())
        .send({ city: 'Changed City', [field]: value });
      const label = `${field}=${JSON.stringify(value).slice(0, 40)}`;
      expect(response.status, label).toBe(400);
      expect(response.body.error, label).toMatch(message);
      expect(response.body.message, label).toBe(response.body.error);
      expect(response.body.fields?.[field], label).toMatch(message);
    }
    for (const body of ['[]', '"text"', 'null']) {
      const response = await request(app)
        .put('/api/me/profile')
        .set(auth())
        .set('Content-Type', 'application/json')
        .send(body);
      expect(response.status, body).toBe(400);
    }
    expect(await getProfile()).toEqual(before);
  });

  it('accepts empty optional fields and a dob of yesterday', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const response = await request(app)
      .put('/api/me/profile')
      .set(auth())
      .send({ company: '', phone: '', zipCode: '', dob: yesterday, bio: '' });
    expect(response.status).toBe(200);
    expect(response.body.profile).toMatchObject({
      company: '',
      phone: '',
      zipCode: '',
      dob: yesterday,
    });
    const restored = await request(app).put('/api/me/profile').set(auth()).send(fullProfile);
    expect(restored.status).toBe(200);
  });

  it("answers another account's email like any other, and keeps the old one", async () => {
    const before = await getProfile();
    const taken = await request(app)
      .put('/api/me/profile')
      .set(auth())
      .send({ email: otherEmail.toUpperCase(), currentPassword: PASSWORD });
    const free = await request(app)
      .put('/api/me/profile')
      .set(auth())
      .send({ email: testEmail('free'), currentPassword: PASSWORD });
    expect(taken.status).toBe(200);
    expect(taken.body.message).toBe(ProfileMessages.emailChangeSent);
    expect(free.status).toBe(200);
    expect(free.body.message).toBe(taken.body.message);
    expect(taken.body.profile).toEqual(before);
    expect(await getProfile()).toEqual(before);
  });

  it('starts an email change only with the current password, and keeps the email until it is confirmed', async () => {
    const changed = testEmail('renamed');
    const without = await request(app).put('/api/me/profile').set(auth()).send({ email: changed });
    expect(without.status).toBe(400);
    expect(without.body.fields.currentPassword).toBe(ProfileMessages.currentPasswordRequired);
    const response = await request(app)
      .put('/api/me/profile')
      .set(auth())
      .send({ email: changed.toUpperCase(), currentPassword: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.profile.email).toBe(email);
    expect((await getProfile()).email).toBe(email);
    const login = await request(app)
      .post('/api/auth/login')
      .send({ email: changed, password: PASSWORD });
    expect(login.status).toBe(401);
  });

  it('refuses a picture over 2 MB with 413', async () => {
    const big = Buffer.concat([png(1, 1, [1, 2, 3]), Buffer.alloc(3 * 1024 * 1024)]);
    const response = await request(app)
      .put('/api/me/avatar')
      .set(auth())
      .attach('avatar', big, { filename: 'big.png', contentType: 'image/png' });
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('Profile pictures must be 2 MB or smaller.');
    expect(response.body.fields.avatar).toBe(response.body.error);
    expect(await avatarKey()).toBe('');
  });

  it('accepts a picture of exactly 2 MB', async () => {
    const header = png(1, 1, [1, 2, 3]);
    const exact = Buffer.concat([header, Buffer.alloc(AVATAR_MAX_BYTES - header.length)]);
    const response = await request(app)
      .put('/api/me/avatar')
      .set(auth())
      .attach('avatar', exact, { filename: 'exact.png', contentType: 'image/png' });
    expect(response.status).toBe(200);
    const removed = await request(app).delete('/api/me/avatar').set(auth());
    expect(removed.status).toBe(200);
  });

  it('judges the type by the bytes: a text file named .png is a 415', async () => {
    const response = await request(app)
      .put('/api/me/avatar')
      .set(auth())
      .attach('avatar', Buffer.from('<svg onload="alert(1)"></svg>'), {
        filename: 'cat.png',
        contentType: 'image/png',
      });
    expect(response.status).toBe(415);
    expect(response.body.error).toBe('Profile pictures must be JPEG, PNG or WebP images.');
    expect(await avatarKey()).toBe('');
  });

  it('turns every malformed upload into a 400, never a 500', async () => {
    const missing = await request(app).put('/api/me/avatar').set(auth()).field('name', 'x');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Please choose a picture to upload.');

    const noBody = await request(app).put('/api/me/avatar').set(auth()).send({ avatar: 'data:' });
    expect(noBody.status).toBe(400);

    const wrongField = await request(app)
      .put('/api/me/avatar')
      .set(auth())
      .attach('picture', png(1, 1, [0, 0, 0]), 'a.png');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.fields.avatar).toBeTruthy();

    const twoFiles = await request(app)
      .put('/api/me/avatar')
      .set(auth())
      .attach('avatar', png(1, 1, [0, 0, 0]), 'a.png')
      .attach('avatar', png(1, 1, [0, 0, 0]), 'b.png');
    expect(twoFiles.status).toBe(400);

    const truncated = await request(app)
      .put('/api/me/avatar')
      .set(auth())
      .set('Content-Type', 'multipart/form-data; boundary=XYZ')
      .send('--XYZ\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nabc');
    expect(truncated.status).toBe(400);

    const noBoundary = await request(app)
      .put('/api/me/avatar')
      .set(auth())
      .set('Content-Type', 'multipart/form-data')
      .send('whatever');
    expect(noBoundary.status).toBe(400);

    expect(await avatarKey()).toBe('');
  });

  it('has no picture to serve before an upload', async () => {
    const response = await request(app).get('/api/me/avatar').set(auth());
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('You have no profile picture yet.');
  });

  it('stores a PNG in S3, serves the same bytes back, and deletes the old one on replace', async () => {
    const red = png(4, 3, [255, 0, 0]);
    const first = await request(app)
      .put('/api/me/avatar')
      .set(auth())
      .attach('avatar', red, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(first.status).toBe(200);
    expect(first.body.profilePicture).toMatch(/^\/api\/me\/avatar\?v=[\w-]+$/);
    const firstKey = await avatarKey();
    const user = await UserModel.findOne({ email });
    expect(firstKey).toMatch(new RegExp(`^avatars/${String(user?.id)}/[\\w-]+\\.png$`));
    expect(await readAll(await context.storage.get(firstKey))).toEqual(red);

    const profile = await request(app).get('/api/me/profile').set(auth());
    expect(profile.body.profile.profilePicture).toBe(first.body.profilePicture);
    expect(JSON.stringify(profile.body)).not.toContain('data:');

    const served = await request(app)
      .get(first.body.profilePicture as string)
      .set(auth())
      .buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, max-age=300');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.body as Buffer, red)).toBe(0);

    const blue = png(2, 2, [0, 0, 255]);
    const second = await request(app)
      .post('/api/me/avatar')
      .set(auth())
      .attach('avatar', blue, 'second.png');
    expect(second.status).toBe(200);
    expect(second.body.profilePicture).not.toBe(first.body.profilePicture);
    const secondKey = await avatarKey();
    expect(secondKey).not.toBe(firstKey);
    await expect(context.storage.get(firstKey)).rejects.toThrow();

    const servedAgain = await request(app).get('/api/me/avatar').set(auth()).buffer(true);
    expect(Buffer.compare(servedAgain.body as Buffer, blue)).toBe(0);

    const afterSecond = await request(app).get('/api/me/profile').set(auth());
    expect(afterSecond.body.profile.profilePicture).toBe(second.body.profilePicture);
    expect(JSON.stringify(afterSecond.body)).not.toContain('data:');
  });

  it('accepts WebP and serves it with its type', async () => {
    const image = webp();
    const upload = await request(app)
      .put('/api/me/avatar')
      .set(auth())
      .attach('avatar', image, 'pic.bin');
    expect(upload.status).toBe(200);
    expect(await avatarKey()).toMatch(/\.webp$/);
    const served = await request(app).get('/api/me/avatar').set(auth()).buffer(true);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(Buffer.compare(served.body as Buffer, image)).toBe(0);
  });

  it('removes the picture from the account and from S3', async () => {
    const key = await avatarKey();
    expect(key).not.toBe('');
    const removed = await request(app).delete('/api/me/avatar').set(auth());
    expect(removed.status).toBe(200);
    expect(removed.body.profilePicture).toBe('');
    expect(await avatarKey()).toBe('');
    await expect(context.storage.get(key)).rejects.toThrow();
    expect((await getProfile()).profilePicture).toBe('');
    const served = await request(app).get('/api/me/avatar').set(auth());
    expect(served.status).toBe(404);
    const again = await request(app).delete('/api/me/avatar').set(auth());
    expect(again.status).toBe(200);
  });
});
