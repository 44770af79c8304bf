import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { BookingMessages } from '../src/domain/booking/booking-schema';
import { addDays, todayInToronto } from '../src/domain/calendar/toronto-date';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import {
  bookingFields,
  nextOpenWindow,
  withFields,
  type BookingFields,
  workingDay,
} from '../../tests/support/booking-form';
import { jpeg, png, readAll } from '../../tests/support/images';
import { eventually } from '../../tests/support/poll';
import { testEmail, testEnv } from '../../tests/support/test-env';

describe('bookings through the API', () => {
  // Every request here comes from one address: the form limit has its own test.
  const env = testEnv({
    FORM_RATE_LIMIT_MAX: '1000',
    AUTH_RATE_LIMIT_MAX: '1000',
    SLOT_CAPACITY: '3',
  });
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(env);
  });
  afterAll(async () => {
    await api.close();
  });

  const post = (fields: BookingFields, path = '/api/bookings') =>
    withFields(request(api.app).post(path), fields);

  /** Nothing of a refused request stays behind: no new booking, no photo in storage. */
  async function expectNothingStored(bookingsBefore: number): Promise<void> {
    expect(await BookingModel.countDocuments()).toBe(bookingsBefore);
    const keys = await api.context.storage.list('bookings/');
    const owners = await BookingModel.find({}, { imageKey: 1 }).lean();
    const known = new Set(owners.map((booking) => booking.imageKey));
    expect(keys.filter((key) => !known.has(key))).toEqual([]);
  }

  it('serves the catalogue: 12 services, three plans priced in cents, three windows', async () => {
    const response = await request(api.app).get('/api/catalogue');
    expect(response.status).toBe(200);
    expect(response.body.services).toHaveLength(12);
    expect(response.body.services[0]).toMatchObject({
      title: 'Garden Maintenance',
      keyword: 'garden',
    });
    expect((response.body.plans as { name: string }[]).map((plan) => plan.name)).toEqual([
      'One-time Visit',
      'Monthly Visit',
      'Custom Estimate',
    ]);
    expect(response.body.plans[0]).toMatchObject({ amountCents: 14900, badge: 'Popular Choice' });
    expect(response.body.plans[1]).toMatchObject({ amountCents: 24900, badge: 'Best Value' });
    expect(response.body.plans[2]).toMatchObject({ amountCents: null });
    expect(
      (response.body.timeWindows as { range: string }[]).map((window) => window.range),
    ).toEqual(['8am-12pm', '12pm-4pm', '4pm-8pm']);
    expect(response.body.estimateOnlyKeywords).toEqual(['construction', 'office']);
  });

  it('books a paid plan priced by the server, whatever the client says the price is', async () => {
    const fields = bookingFields({ amount: '1', amountCents: '1' });
    const response = await post(fields);
    expect(response.status).toBe(201);
    expect(response.body.booking).toMatchObject({
      reference: expect.stringMatching(/^HS-[A-Z2-9]{6}$/),
      service: 'Painting',
      plan: 'One-time Visit',
      date: fields.date,
      time: 'morning',
      amountCents: 14900,
      status: 'pending_payment',
    });
    const stored = await BookingModel.findById(response.body.booking.id);
    expect(stored?.amountCents).toBe(14900);
    expect(stored?.email).toBe(fields.email);
    // Its emails and payment timer are on their queues, which is recorded a moment later with
    // other bookings' (the sweep would hand them over again, harmlessly, were it lost).
    await eventually(async () => {
      expect((await BookingModel.findById(response.body.booking.id))?.followUpsPending).toBe(false);
    });
  });

  it('prices the Monthly Visit at 24900 and takes service ids and plan ids too', async () => {
    const response = await post(bookingFields({ service: 'lawn-repair', plan: 'monthly' }));
    expect(response.status).toBe(201);
    expect(response.body.booking).toMatchObject({ service: 'Lawn Repair', amountCents: 24900 });
  });

  it('makes the morning the time when none is chosen', async () => {
    const { time: _, ...fields } = bookingFields();
    const response = await post(fields);
    expect(response.status).toBe(201);
    expect(response.body.booking.time).toBe('morning');
  });

  it('accepts the next window open in Toronto (today while one is) and refuses yesterday', async () => {
    const today = todayInToronto();
    const next = nextOpenWindow();
    expect((await post(bookingFields(next))).status).toBe(201);
    const before = await BookingModel.countDocuments();
    const past = bookingFields({ date: addDays(today, -1) });
    const response = await post(past);
    expect(response.status).toBe(400);
    expect(response.body.fields.date).toBe(BookingMessages.dateInPast);
    await expectNothingStored(before);
  });

  it.each([
    ['name', '', 'Full name is required.'],
    ['phone', '', 'Phone number is required.'],
    ['phone', 'call me', 'Please enter a valid phone number.'],
    ['email', '', 'Email is required.'],
    ['email', 'not-an-email', 'Please enter a valid email address.'],
    ['address', '', 'Service address is required.'],
    ['date', '', BookingMessages.dateRequired],
    ['date', '2026-02-30', BookingMessages.dateFormat],
    ['date', '25/12/2030', BookingMessages.dateFormat],
    ['time', 'night', BookingMessages.timeUnknown],
    ['service', 'Dog Walking', BookingMessages.serviceUnknown],
    ['plan', 'Gold Plan - $1', BookingMessages.planUnknown],
    [
      'name',
      'Maya\r\nBcc: everyone@example.test',
      'Full name must be on one line, without hidden control or text-direction characters.',
    ],
    ['details', 'x'.repeat(2_001), 'Project description must be at most 2000 characters.'],
    [
      'details',
      'A deck\u0007 please',
      'Project description must not contain hidden control or text-direction characters.',
    ],
    [
      'name',
      'Maya\u202Egnp.exe',
      'Full name must be on one line, without hidden control or text-direction characters.',
    ],
    [
      'address',
      '12 Rosedale\u0085Ave',
      'Service address must be on one line, without hidden control or text-direction characters.',
    ],
  ])('refuses %s = %j with a message naming the field', async (field, value, message) => {
    const before = await BookingModel.countDocuments();
    const fields = bookingFields({ [field]: value });
    const response = await post(fields);
    expect(response.status).toBe(400);
    expect(response.body.fields[field]).toBe(message);
    expect(response.body.error).toBeTruthy();
    await expectNothingStored(before);
  });

  it("keeps an estimate's project description as written, lines and all", async () => {
    const details = 'A 12 x 16 ft cedar deck.\nTwo steps down to the lawn;\tgate on the left.';
    const response = await post(
      bookingFields({
        service: 'Free Construction Estimate',
        plan: 'Custom Estimate',
        details: `  ${details}  `,
      }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((await BookingModel.findById(response.body.booking.id))?.details).toBe(details);
  });

  it('names every bad field at once', async () => {
    const response = await post({ service: 'Painting', plan: 'One-time Visit' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fields).sort()).toEqual([
      'address',
      'date',
      'email',
      'name',
      'phone',
      'postalCode',
    ]);
  });

  it('refuses a date past the booking horizon', async () => {
    const response = await post(bookingFields({ date: addDays(todayInToronto(), 400) }));
    expect(response.status).toBe(400);
    expect(response.body.fields.date).toBe(BookingMessages.dateTooFar);
  });

  it('sends construction and office services to Custom Estimate, which takes no payment', async () => {
    const paid = await post(bookingFields({ service: 'Free Construction Estimate' }));
    expect(paid.status).toBe(400);
    expect(paid.body.fields.plan).toBe(BookingMessages.estimateOnly);
    const office = await post(bookingFields({ service: 'Specialized Carpentry', plan: 'monthly' }));
    expect(office.status).toBe(400);

    const estimate = await post(
      bookingFields({ service: 'Free Construction Estimate', plan: 'Custom Estimate' }),
    );
    expect(estimate.status).toBe(201);
    expect(estimate.body.booking).toMatchObject({
      status: 'estimate_requested',
      amountCents: null,
      plan: 'Custom Estimate',
    });
    expect(estimate.body.message).toBe(BookingMessages.estimateThanks);
  });

  it('keeps a JPEG photo in storage under the booking, byte for byte', async () => {
    const photo = jpeg(300_000);
    const response = await withFields(
      request(api.app).post('/api/bookings'),
      bookingFields(),
    ).attach('image', photo, 'kitchen.jpg');
    expect(response.status).toBe(201);
    expect(response.body.booking.hasImage).toBe(true);
    const stored = await BookingModel.findById(response.body.booking.id);
    expect(stored?.imageKey).toBe(`bookings/${response.body.booking.id as string}/photo.jpg`);
    expect(stored?.imageType).toBe('image/jpeg');
    const body = await readAll(await api.context.storage.get(stored?.imageKey ?? ''));
    expect(body.equals(photo)).toBe(true);
  });

  it('judges a PNG by its bytes, whatever its name', async () => {
    const response = await withFields(
      request(api.app).post('/api/bookings'),
      bookingFields(),
    ).attach('image', png(2, 2, [0, 128, 0]), 'lawn.jpeg');
    expect(response.status).toBe(201);
    const stored = await BookingModel.findById(response.body.booking.id);
    expect(stored?.imageKey.endsWith('/photo.png')).toBe(true);
  });

  it('refuses a 6 MB photo with 413 and keeps nothing', async () => {
    const before = await BookingModel.countDocuments();
    const fields = bookingFields();
    const response = await withFields(request(api.app).post('/api/bookings'), fields).attach(
      'image',
      jpeg(6 * 1024 * 1024),
      'big.jpg',
    );
    expect(response.status).toBe(413);
    expect(response.body.error).toBe(BookingMessages.imageTooLarge);
    await expectNothingStored(before);
  });

  it('refuses a text file named .png with 415 and keeps nothing', async () => {
    const before = await BookingModel.countDocuments();
    const fields = bookingFields();
    const response = await withFields(request(api.app).post('/api/bookings'), fields).attach(
      'image',
      Buffer.from('just some text, not a picture at all\n'.repeat(20)),
      { filename: 'photo.png', contentType: 'image/png' },
    );
    expect(response.status).toBe(415);
    expect(response.body.fields.image).toBe(BookingMessages.imageWrongType);
    await expectNothingStored(before);
  });

  it('removes the stored photo again when the booking itself is refused', async () => {
    const before = await BookingModel.countDocuments();
    const fields = bookingFields({ service: 'Dog Walking' });
    const response = await withFields(request(api.app).post('/api/bookings'), fields).attach(
      'image',
      jpeg(50_000),
      'photo.jpg',
    );
    expect(response.status).toBe(400);
    await expectNothingStored(before);
  });

  it('refuses two photos', async () => {
    const before = await BookingModel.countDocuments();
    const fields = bookingFields();
    const response = await withFields(request(api.app).post('/api/bookings'), fields)
      .attach('image', jpeg(), 'a.jpg')
      .attach('image', jpeg(), 'b.jpg');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(BookingMessages.imageOneOnly);
    await expectNothingStored(before);
  });

  it('serves the same form at /api-docs/api/bookings, the path of the original front end', async () => {
    const response = await post(bookingFields(), '/api-docs/api/bookings');
    expect(response.status).toBe(201);
    expect(response.body.booking.amountCents).toBe(14900);
  });

  it('sells the last place once: 20 parallel bookings for a window with 3 places', async () => {
    // Past the days the other tests' forms use (bookingFields), so the window starts empty.
    const date = workingDay(addDays(todayInToronto(), 330));
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post(bookingFields({ date, time: 'evening' }))),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    const refused = responses.find((response) => response.status === 409);
    expect(refused?.body.error).toBe(BookingMessages.windowFull(date, 'Evening (4pm-8pm)'));
    expect(await BookingModel.countDocuments({ date, time: 'evening' })).toBe(3);

    const availability = await request(api.app).get(`/api/availability?from=${date}&to=${date}`);
    expect(availability.body).toEqual({
      capacity: 3,
      days: [{ date, windows: { morning: 3, afternoon: 3, evening: 0 }, closed: [] }],
    });

    // An estimate takes no place, so it is still welcome in a full window.
    const estimate = await post(
      bookingFields({
        date,
        time: 'evening',
        service: 'Free Construction Estimate',
        plan: 'Custom Estimate',
      }),
    );
    expect(estimate.status).toBe(201);
  });

  it('answers availability per date and window, and refuses a bad range', async () => {
    const from = workingDay(addDays(todayInToronto(), 340));
    const to = addDays(from, 2);
    const response = await request(api.app).get(`/api/availability?from=${from}&to=${to}`);
    expect(response.status).toBe(200);
    expect((response.body.days as { date: string }[]).map((day) => day.date)).toEqual([
      from,
      addDays(from, 1),
      to,
    ]);
    expect((await request(api.app).get(`/api/availability?from=${to}&to=${from}`)).status).toBe(
      400,
    );
    expect((await request(api.app).get('/api/availability?from=tomorrow')).status).toBe(400);
    expect(
      (await request(api.app).get(`/api/availability?from=${from}&to=${addDays(from, 200)}`))
        .status,
    ).toBe(400);
  });

  it('makes one booking of a form submitted twice with the same Idempotency-Key', async () => {
    const fields = bookingFields();
    const key = 'double-click-0001';
    const [first, second] = await Promise.all([
      post(fields).set('Idempotency-Key', key),
      post(fields).set('Idempotency-Key', key),
    ]);
    const ids = new Set([first.body.booking.id, second.body.booking.id]);
    expect(ids.size).toBe(1);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(await BookingModel.countDocuments({ email: fields.email })).toBe(1);
  });

  it('refuses an upload that is not a form', async () => {
    const response = await request(api.app)
      .post('/api/bookings')
      .set('Content-Type', 'text/plain')
      .send('name=Maya');
    expect(response.status).toBe(415);
  });

  it("links a signed-in customer's bookings to the account: /api/me/bookings", async () => {
    const email = bookingFields().email ?? '';
    const registered = await request(api.app).post('/api/auth/register').send({
      email,
      password: 'correct horse 42',
      confirmPassword: 'correct horse 42',
      firstName: 'Maya',
      lastName: 'Singh',
      address: '12 Rosedale Ave',
    });
    const token = registered.body.token as string;
    const mine = await post(bookingFields({ email })).set('Authorization', `Bearer ${token}`);
    expect(mine.status).toBe(201);
    const visitor = await post(bookingFields());
    expect(visitor.status).toBe(201);

    const list = await request(api.app)
      .get('/api/me/bookings')
      .set('Authorization', `Bearer ${token}`);
    expect(list.status).toBe(200);
    expect((list.body.bookings as { id: string }[]).map((booking) => booking.id)).toEqual([
      mine.body.booking.id,
    ]);
    expect((await request(api.app).get('/api/me/bookings')).status).toBe(401);
  });

  describe('the company its invoices are made out to', () => {
    const manageAnswer = async (created: request.Response) =>
      request(api.app).get(
        `/api/bookings/${String(created.body.booking.id)}?token=${String(created.body.token)}`,
      );

    it('keeps the company the form gives, trimmed, and answers it on the manage page', async () => {
      const created = await post(bookingFields({ company: '  Rosedale Renovations Inc.  ' }));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const stored = await BookingModel.findById(created.body.booking.id);
      expect(stored?.company).toBe('Rosedale Renovations Inc.');
      const managed = await manageAnswer(created);
      expect(managed.status).toBe(200);
      expect(managed.body.booking.company).toBe('Rosedale Renovations Inc.');
    });

    it('stores none when the form leaves it out or empty', async () => {
      const left = await post(bookingFields());
      const blank = await post(bookingFields({ company: '   ' }));
      for (const created of [left, blank]) {
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        expect((await BookingModel.findById(created.body.booking.id))?.company).toBeNull();
        expect((await manageAnswer(created)).body.booking.company).toBeNull();
      }
    });

    it('takes 100 characters and refuses 101 with a 400 naming the field, storing nothing', async () => {
      const longest = await post(bookingFields({ company: 'c'.repeat(100) }));
      expect(longest.status).toBe(201);
      const before = await BookingModel.countDocuments();
      const response = await post(bookingFields({ company: 'c'.repeat(101) }));
      expect(response.status).toBe(400);
      expect(response.body.fields.company).toBe('Company must be at most 100 characters.');
      await expectNothingStored(before);
    });

    it('refuses hidden control characters in it', async () => {
      const before = await BookingModel.countDocuments();
      const response = await post(bookingFields({ company: 'Acme\r\nBcc: all@example.test' }));
      expect(response.status).toBe(400);
      expect(response.body.fields.company).toBe(
        'Company must be on one line, without hidden control or text-direction characters.',
      );
      await expectNothingStored(before);
    });

    it("makes a signed-in customer's booking out to the profile's company when the form has none", async () => {
      const email = testEmail('company');
      const registered = await request(api.app).post('/api/auth/register').send({
        email,
        password: 'correct horse 42',
        confirmPassword: 'correct horse 42',
        firstName: 'Maya',
        lastName: 'Singh',
        address: '12 Rosedale Ave',
      });
      const auth = { Authorization: `Bearer ${String(registered.body.token)}` };
      const saved = await request(api.app)
        .put('/api/me/profile')
        .set(auth)
        .send({ company: '  Singh Gardens Ltd.  ' });
      expect(saved.status).toBe(200);
      expect(saved.body.profile.company).toBe('Singh Gardens Ltd.');

      // Each with an address of its own: one address holds only a few unpaid bookings at once.
      const fromProfile = await post(bookingFields()).set(auth);
      const blank = await post(bookingFields({ company: '' })).set(auth);
      const own = await post(bookingFields({ company: 'Maya & Co.' })).set(auth);
      const visitor = await post(bookingFields());
      const companies: (string | null | undefined)[] = [];
      for (const created of [fromProfile, blank, own, visitor]) {
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        companies.push((await BookingModel.findById(created.body.booking.id))?.company);
      }
      expect(companies).toEqual(['Singh Gardens Ltd.', 'Singh Gardens Ltd.', 'Maya & Co.', null]);
    });
  });

  it('books as a visitor when the token sent is no longer valid', async () => {
    const response = await post(bookingFields()).set('Authorization', 'Bearer not-a-token');
    expect(response.status).toBe(201);
    expect((await BookingModel.findById(response.body.booking.id))?.userId).toBeNull();
  });
});

describe('the form rate limit', () => {
  const env = testEnv({ FORM_RATE_LIMIT_MAX: '2' });
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(env);
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers 429 past the limit, before reading the form', async () => {
    const send = () => withFields(request(api.app).post('/api/bookings'), bookingFields());
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/Too many submissions/);
  });
});
