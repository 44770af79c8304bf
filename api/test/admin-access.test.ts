import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingPhotoLinks } from '../src/admin/booking-photo-links';
import { queueSessionsFor } from '../src/admin/queue-session';
import { AuthTokens } from '../src/accounts/auth-tokens';
import { UserModel } from '../src/accounts/user-model';
import { BookingModel } from '../src/bookings/booking-model';
import { SlotModel } from '../src/bookings/slot-model';
import { ADMIN_PAGE_SIZE } from '../src/domain/admin/admin-views';
import { addDays, todayInToronto } from '../src/domain/calendar/toronto-date';
import { testPaymentMethodFor } from '../src/domain/payment/test-cards';
import { createApp } from '../src/server/app';
import { QueueName } from '../src/jobs/job-definitions';
import { SubscriberModel } from '../src/newsletter/subscriber-model';
import { ReviewModel } from '../src/reviews/review-model';
import { EmailDeliveryModel } from '../src/mail/email-delivery-model';
import {
  startApi,
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
  TEST_APP_OPTIONS,
} from '../../tests/support/api-harness';
import { bookingFields, withFields, workingDay } from '../../tests/support/booking-form';
import { signUp } from '../../tests/support/accounts';
import { failedMailJob } from '../../tests/support/failed-job';
import { png } from '../../tests/support/images';
import { eventually } from '../../tests/support/poll';
import { testEmail, testEnv } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';
const MISSING_ID = '0123456789abcdef0123456789abcdef';

async function book(api: ApiHarness, fields = bookingFields(), photo?: Buffer): Promise<string> {
  let post = withFields(request(api.app).post('/api/bookings'), fields);
  if (photo) post = post.attach('image', photo, 'yard.png');
  const response = await post;
  expect(response.status).toBe(201);
  return response.body.booking.id as string;
}

/** The session cookie's `name=value`, from a Set-Cookie header. */
function cookiePair(setCookie: string[] | string | undefined): string {
  const [header] = Array.isArray(setCookie) ? setCookie : [setCookie ?? ''];
  return (header ?? '').split(';')[0] ?? '';
}

describe('the operators area', () => {
  let api: ApiHarness;
  let customer: string;
  let admin: string;
  let adminId: string;
  let campaignId: string;
  /** A draft the access table deletes. */
  let draftToDelete: string;
  /** A booking the access table's PATCH cancels. */
  let tableBookingId: string;
  /** A Monthly Visit plan the access table renews and cancels. */
  let tablePlanId: string;
  /** A review the access table approves (stored as the review form would store it). */
  const tableReviewId = 'fe'.repeat(16);
  /** Emails a crash left unconfirmed, one for each decision of the access table. */
  const unconfirmed: Record<'send-again' | 'mark-delivered', string> = {
    'send-again': '',
    'mark-delivered': '',
  };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startApi(testEnv({ AUTH_RATE_LIMIT_MAX: '1000', FORM_RATE_LIMIT_MAX: '1000' }));
    customer = (await signUp(api.app, PASSWORD, 'customer')).token;
    admin = (await signUp(api.app, PASSWORD, 'admin')).token;
    const me = await request(api.app).get('/api/me').set(bearer(admin));
    adminId = me.body.user.id as string;
    const campaign = await request(api.app)
      .post('/api/admin/campaigns')
      .set(bearer(admin))
      .send({ subject: 'Spring tips', format: 'markdown', body: 'Hello **there**' });
    campaignId = campaign.body.campaign.id as string;
    const other = await request(api.app)
      .post('/api/admin/campaigns')
      .set(bearer(admin))
      .send({ subject: 'Never sent', format: 'markdown', body: 'Draft' });
    draftToDelete = other.body.campaign.id as string;
    tableBookingId = await book(api);
    tablePlanId = await book(api, bookingFields({ plan: 'monthly' }));
    await ReviewModel.create({
      _id: tableReviewId,
      reference: 'HS-REVIEW',
      serviceId: 'painting',
      visitDate: '2030-05-14',
      rating: 5,
      text: 'A careful, tidy job.',
      name: 'Maya S.',
    });
    for (const decision of ['send-again', 'mark-delivered'] as const) {
      const to = testEmail('unconfirmed');
      const message = { to, subject: 'Your visit', text: 'See you soon.' };
      const { insertedId } = await EmailDeliveryModel.collection.insertOne({
        key: `mail.send:table-${decision}`,
        to,
        subject: message.subject,
        committedAt: new Date(Date.now() - 10 * 60_000),
        sentAt: null,
        origin: { queue: 'mail', name: 'mail.send', jobId: `table-${decision}`, data: message },
      });
      unconfirmed[decision] = insertedId.toHexString();
    }
  });
  afterAll(async () => {
    await api.close();
  });

  interface Route {
    method: 'get' | 'post' | 'patch' | 'put' | 'delete';
    path: () => string;
    body?: object;
    /** What an admin gets: the call is valid, so it succeeds. */
    ok: number;
  }
  const route = (method: Route['method'], path: () => string, ok: number, body?: object) => ({
    method,
    path,
    ok,
    ...(body ? { body } : {}),
  });
  // Every admin route, in an order in which each admin call is valid (send, then pause, then
  // resume). The photo route and the campaign preview's page (their signed addresses are the
  // credential, campaign-admin.test.ts for the page) and DELETE queue-session (it only clears the
  // caller's own cookie) are open by design and tested below.
  const routes: [string, Route][] = [
    ['GET bookings', route('get', () => '/api/admin/bookings', 200)],
    [
      'send a crew',
      route('put', () => `/api/admin/bookings/${tableBookingId}/crew`, 200, { crewId: 'crew-1' }),
    ],
    [
      'schedule a visit',
      route('post', () => `/api/admin/bookings/${tableBookingId}/schedule`, 200, {
        date: workingDay(addDays(todayInToronto(), 330)),
        time: 'evening',
      }),
    ],
    [
      'PATCH a booking',
      route('patch', () => `/api/admin/bookings/${tableBookingId}`, 200, { status: 'cancelled' }),
    ],
    ['GET the schedule', route('get', () => '/api/admin/schedule', 200)],
    ['GET plans', route('get', () => '/api/admin/plans', 200)],
    ['renew a plan now', route('post', () => `/api/admin/plans/${tablePlanId}/renew`, 200, {})],
    ['cancel a plan', route('post', () => `/api/admin/plans/${tablePlanId}/cancel`, 200)],
    ['GET contact messages', route('get', () => '/api/admin/contact-messages', 200)],
    ['GET subscribers', route('get', () => '/api/admin/subscribers', 200)],
    ['GET unconfirmed sends', route('get', () => '/api/admin/unconfirmed-sends', 200)],
    [
      'send an unconfirmed email again',
      route(
        'post',
        () => `/api/admin/unconfirmed-sends/email/${unconfirmed['send-again']}/send-again`,
        200,
      ),
    ],
    [
      'mark an unconfirmed email delivered',
      route(
        'post',
        () => `/api/admin/unconfirmed-sends/email/${unconfirmed['mark-delivered']}/mark-delivered`,
        200,
      ),
    ],
    ['GET reviews', route('get', () => '/api/admin/reviews', 200)],
    [
      'moderate a review',
      route('patch', () => `/api/admin/reviews/${tableReviewId}`, 200, { status: 'approved' }),
    ],
    ['GET the books', route('get', () => '/api/admin/books', 200)],
    ['GET the books as CSV', route('get', () => '/api/admin/books.csv', 200)],
    // No invoice has that id: an admin is told so (404), anyone else is refused first.
    ['GET an invoice PDF', route('get', () => `/api/admin/invoices/${'0'.repeat(24)}/pdf`, 404)],
    ['POST queue-session', route('post', () => '/api/admin/queue-session', 204)],
    ['GET campaigns', route('get', () => '/api/admin/campaigns', 200)],
    [
      'POST a campaign',
      route('post', () => '/api/admin/campaigns', 201, {
        subject: 'Hello',
        format: 'markdown',
        body: 'Hi',
      }),
    ],
    ['GET a campaign', route('get', () => `/api/admin/campaigns/${campaignId}`, 200)],
    ['GET its failures', route('get', () => `/api/admin/campaigns/${campaignId}/failures`, 200)],
    [
      'edit it',
      route('put', () => `/api/admin/campaigns/${campaignId}`, 200, {
        subject: 'Spring tips, again',
        format: 'markdown',
        body: 'Hello **again**',
      }),
    ],
    ['preview it', route('get', () => `/api/admin/campaigns/${campaignId}/preview`, 200)],
    ['send a test of it', route('post', () => `/api/admin/campaigns/${campaignId}/test`, 202)],
    ['delete a draft', route('delete', () => `/api/admin/campaigns/${draftToDelete}`, 204)],
    ['send it', route('post', () => `/api/admin/campaigns/${campaignId}/send`, 200)],
    ['pause it', route('post', () => `/api/admin/campaigns/${campaignId}/pause`, 200)],
    ['resume it', route('post', () => `/api/admin/campaigns/${campaignId}/resume`, 200)],
    ['the queue dashboard', route('get', () => '/admin/queues', 200)],
    ['its queues API', route('get', () => '/admin/queues/api/queues', 200)],
  ];

  it.each(routes)('%s: 401 for a visitor, 403 for a customer, 2xx for an admin', async (_, r) => {
    const call = (headers: Record<string, string> = {}) => {
      const pending = request(api.app)[r.method](r.path()).set(headers);
      return r.body ? pending.send(r.body) : pending;
    };
    const visitor = await call();
    expect(visitor.status).toBe(401);
    const asCustomer = await call(bearer(customer));
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.error).toBe('This area is for the Home Services team only.');
    const asAdmin = await call(bearer(admin));
    expect(asAdmin.status, JSON.stringify(asAdmin.body)).toBe(r.ok);
    expect(asAdmin.headers['cache-control']).toBe('no-store');
  });

  describe('bookings', () => {
    let withPhoto: { id: string; date: string; phone: string };
    let estimate: { id: string; date: string };
    const photo = png(3, 2, [200, 40, 40]);

    beforeAll(async () => {
      const paidFields = bookingFields();
      withPhoto = {
        id: await book(api, paidFields, photo),
        date: paidFields.date ?? '',
        phone: paidFields.phone ?? '',
      };
      const estimateFields = bookingFields({
        service: 'Free Construction Estimate',
        plan: 'Custom Estimate',
      });
      estimate = { id: await book(api, estimateFields), date: estimateFields.date ?? '' };
    });

    const list = (query: Record<string, string> = {}) =>
      request(api.app).get('/api/admin/bookings').query(query).set(bearer(admin));

    it('lists a booking with every detail, its photo address and its allowed moves', async () => {
      const response = await list({ date: withPhoto.date });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        total: 1,
        pageSize: ADMIN_PAGE_SIZE,
        next: null,
        previous: null,
      });
      const [view] = response.body.bookings;
      expect(view).toMatchObject({
        id: withPhoto.id,
        status: 'pending_payment',
        name: 'Maya Singh',
        phone: withPhoto.phone,
        hasImage: true,
        allowedStatuses: ['paid', 'payment_failed', 'cancelled'],
      });
      expect(view.photoUrl).toMatch(
        new RegExp(`^/api/admin/booking-photos/${withPhoto.id}\\?expires=\\d+&sig=[\\w-]+$`),
      );
    });

    it('filters by date and by status, and pages', async () => {
      const estimates = await list({ status: 'estimate_requested' });
      const ids = (estimates.body.bookings as { id: string; status: string }[]).map((b) => b.id);
      expect(ids).toContain(estimate.id);
      expect(ids).not.toContain(withPhoto.id);
      expect(
        (estimates.body.bookings as { status: string }[]).every(
          (b) => b.status === 'estimate_requested',
        ),
      ).toBe(true);
      expect(estimates.body.bookings[0].photoUrl).toBeNull();

      const both = await list({ date: withPhoto.date, status: 'estimate_requested' });
      expect(both.body).toMatchObject({ bookings: [], total: 0 });

      const all = await list();
      expect(all.body.total).toBeGreaterThanOrEqual(3);
      // Every visit here is still to come: the soonest first.
      const dates = (all.body.bookings as { date: string }[]).map((b) => b.date);
      expect(dates).toEqual([...dates].sort());
      // One page holds them all: no place before it or after it.
      expect(all.body).toMatchObject({ next: null, previous: null });
    });

    it.each([
      [{ date: '2025-02-30' }, 'date must be a date (YYYY-MM-DD).'],
      [{ status: 'lost' }, 'status must be one of:'],
      [{ after: 'x' }, 'is not one this list gave'],
      [{ before: '../../etc' }, 'is not one this list gave'],
    ])('refuses %j with 400', async (query, message) => {
      const response = await list(query);
      expect(response.status).toBe(400);
      expect(response.body.error).toContain(message);
    });

    it('serves the photo through its signed address, and refuses a tampered or old one', async () => {
      const listed = await list({ date: withPhoto.date });
      const photoUrl = listed.body.bookings[0].photoUrl as string;
      // No Bearer token: an <img> has none.
      const served = await request(api.app)
        .get(photoUrl)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(served.status).toBe(200);
      expect(Buffer.compare(served.body as Buffer, photo)).toBe(0);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('private, max-age=300');
      expect(served.headers['x-content-type-options']).toBe('nosniff');

      const links = new BookingPhotoLinks(api.context.config.LINK_SECRET);
      const tamperedSig = photoUrl.replace(
        /sig=(.)/,
        (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`,
      );
      const otherBooking = photoUrl.replace(withPhoto.id, estimate.id);
      const laterExpiry = photoUrl.replace(
        /expires=(\d+)/,
        (_, e: string) => `expires=${String(Number(e) + 60)}`,
      );
      const expired = links.url(withPhoto.id, Date.now() - 6 * 60_000);
      const tooFarAhead = links.url(withPhoto.id, Date.now() + 3600_000);
      const otherSecret = new BookingPhotoLinks('another-secret-0123456789abcdef0123456789');
      for (const url of [
        tamperedSig,
        otherBooking,
        laterExpiry,
        expired,
        tooFarAhead,
        otherSecret.url(withPhoto.id),
        `/api/admin/booking-photos/${withPhoto.id}`,
      ]) {
        const refused = await request(api.app).get(url);
        expect(refused.status, url).toBe(403);
        expect(refused.body.error).toBe(
          'This photo link is invalid or has expired. Reload the bookings page.',
        );
      }
    });

    it('makes the moves the state machine allows, with their side effects', async () => {
      const patch = (id: string, body: object) =>
        request(api.app).patch(`/api/admin/bookings/${id}`).set(bearer(admin)).send(body);

      const paid = await patch(withPhoto.id, { status: 'paid' });
      expect(paid.status).toBe(200);
      expect(paid.body.message).toBe('Booking moved to Paid.');
      // No card payment is recorded (marked paid by hand), so there is nothing to refund.
      expect(paid.body.booking).toMatchObject({ status: 'paid', allowedStatuses: ['cancelled'] });
      const stored = await BookingModel.findById(withPhoto.id);
      const last = stored?.history.at(-1);
      expect({ from: last?.from, to: last?.to, by: last?.by }).toEqual({
        from: 'pending_payment',
        to: 'paid',
        by: `admin:${adminId}`,
      });
      const bookingEmails = api.context.jobs.queue(QueueName.BookingEmails);
      expect(await bookingEmails.getJob(`confirmation-${withPhoto.id}`)).toBeDefined();

      const cancelled = await patch(withPhoto.id, { status: 'cancelled' });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.booking).toMatchObject({ status: 'cancelled', allowedStatuses: [] });
      const slot = await SlotModel.findOne({ date: withPhoto.date, time: 'morning' });
      expect(slot?.holders ?? []).not.toContain(withPhoto.id);
      const email = await bookingEmails.getJob(`cancelled-${withPhoto.id}`);
      expect(email?.data).toEqual({ bookingId: withPhoto.id });
    });

    it('refuses the moves it does not allow', async () => {
      const patch = (id: string, body: unknown) =>
        request(api.app)
          .patch(`/api/admin/bookings/${id}`)
          .set(bearer(admin))
          .send(body as object);

      const backwards = await patch(estimate.id, { status: 'paid' });
      expect(backwards.status).toBe(409);
      expect(backwards.body.error).toBe(
        'A booking that is Estimate requested cannot be moved to Paid. From Estimate requested it can move to: Cancelled.',
      );
      const noPayment = await patch(withPhoto.id, { status: 'refunded' });
      expect(noPayment.status).toBe(409);
      expect(noPayment.body.error).toBe(
        'This booking has no recorded card payment, so there is nothing to refund.',
      );
      expect((await patch(MISSING_ID, { status: 'cancelled' })).status).toBe(404);
      expect((await patch('nope', { status: 'cancelled' })).status).toBe(404);
      for (const body of [{ status: 'lost' }, {}, ['cancelled']]) {
        const bad = await patch(estimate.id, body);
        expect(bad.status).toBe(400);
      }
      expect((await BookingModel.findById(estimate.id))?.status).toBe('estimate_requested');
    });
  });

  it('lists contact messages, newest first, with their count', async () => {
    const subjects = ['First question', 'Second question'];
    for (const subject of subjects) {
      const sent = await request(api.app)
        .post('/api/contact')
        .send({
          fullName: 'Maya Singh',
          email: testEmail('writer'),
          phone: '416-555-0199',
          subject,
          message: 'Could you quote a spring clean-up?',
        });
      expect(sent.status).toBe(201);
    }
    const response = await request(api.app).get('/api/admin/contact-messages').set(bearer(admin));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      total: 2,
      pageSize: ADMIN_PAGE_SIZE,
      next: null,
      previous: null,
    });
    const messages = response.body.messages as { subject: string }[];
    expect(messages.map((m) => m.subject)).toEqual(['Second question', 'First question']);
    expect(Object.keys(response.body.messages[0]).sort()).toEqual(
      ['createdAt', 'email', 'fullName', 'id', 'message', 'phone', 'subject'].sort(),
    );
    const bad = await request(api.app)
      .get('/api/admin/contact-messages?after=not-a-place')
      .set(bearer(admin));
    expect(bad.status).toBe(400);
  });

  it('lists subscribers by status, with the count of each status', async () => {
    const pending = testEmail('pending');
    expect((await request(api.app).post('/api/subscribe').send({ email: pending })).status).toBe(
      200,
    );
    const confirmedAt = new Date();
    await SubscriberModel.create([
      { email: testEmail('confirmed'), status: 'confirmed', subscribedAt: new Date(), confirmedAt },
      { email: testEmail('confirmed'), status: 'confirmed', subscribedAt: new Date(), confirmedAt },
      { email: testEmail('left'), status: 'unsubscribed', subscribedAt: new Date() },
    ]);
    const counts = { pending: 1, confirmed: 2, unsubscribed: 1 };

    const all = await request(api.app).get('/api/admin/subscribers').set(bearer(admin));
    expect(all.body).toMatchObject({
      counts,
      total: 4,
      pageSize: ADMIN_PAGE_SIZE,
      next: null,
      previous: null,
    });
    const confirmed = await request(api.app)
      .get('/api/admin/subscribers?status=confirmed')
      .set(bearer(admin));
    expect(confirmed.body).toMatchObject({ counts, total: 2 });
    for (const subscriber of confirmed.body.subscribers) {
      expect(subscriber).toMatchObject({
        status: 'confirmed',
        confirmedAt: confirmedAt.toISOString(),
      });
    }
    const onlyPending = await request(api.app)
      .get('/api/admin/subscribers?status=pending')
      .set(bearer(admin));
    expect(onlyPending.body.subscribers).toEqual([
      expect.objectContaining({ email: pending, status: 'pending', confirmedAt: null }),
    ]);
    const bad = await request(api.app)
      .get('/api/admin/subscribers?status=bounced')
      .set(bearer(admin));
    expect(bad.status).toBe(400);
  });

  describe('the queue dashboard', () => {
    let cookie: string;

    /** A dashboard cookie opened with the login `token`, made as the server makes them. */
    const queueCookie = (token: string) => {
      const login = api.context.tokens.verify(token);
      if (!login) throw new Error('not a login token');
      return `hs_admin_queues=${queueSessionsFor(api.context).issue(login).token}`;
    };

    beforeAll(async () => {
      const session = await request(api.app).post('/api/admin/queue-session').set(bearer(admin));
      expect(session.status).toBe(204);
      const [setCookie] = session.headers['set-cookie'] as unknown as string[];
      expect(setCookie).toMatch(/^hs_admin_queues=[\w-]+\.[\w-]+\.[\w-]+;/);
      expect(setCookie).toMatch(/; Max-Age=3600;/);
      expect(setCookie).toMatch(/; Path=\/admin\/queues;/);
      expect(setCookie).toMatch(/; HttpOnly/);
      expect(setCookie).toMatch(/; SameSite=Strict/);
      expect(setCookie).not.toMatch(/Secure/);
      cookie = cookiePair(setCookie);
    });

    it('lets the cookie alone into the dashboard and its API, and nothing else', async () => {
      const page = await request(api.app).get('/admin/queues').set('Cookie', cookie);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<title>Home Services queues</title>');
      const queues = await request(api.app).get('/admin/queues/api/queues').set('Cookie', cookie);
      expect(queues.status).toBe(200);
      expect((queues.body.queues as { name: string }[]).map((q) => q.name).sort()).toEqual(
        Object.values(QueueName).sort(),
      );
      // The cookie is no login token, and a login token is no cookie.
      const asBearer = await request(api.app)
        .get('/api/admin/bookings')
        .set('Authorization', `Bearer ${cookie.split('=')[1] ?? ''}`);
      expect(asBearer.status).toBe(401);
      const tokenAsCookie = await request(api.app)
        .get('/admin/queues')
        .set('Cookie', `hs_admin_queues=${admin}`);
      expect(tokenAsCookie.status).toBe(401);
    });

    it('sends a signed-out page visit to the site’s login, with the way back to that page', async () => {
      const deepLink = `/admin/queues/queue/${QueueName.Mail}?status=failed`;
      for (const target of ['/admin/queues', deepLink]) {
        for (const jar of [{}, { Cookie: 'hs_admin_queues=nonsense' }]) {
          const visit = await request(api.app)
            .get(target)
            .set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8')
            .set(jar);
          expect(visit.status, target).toBe(303);
          expect(visit.headers['cache-control']).toBe('no-store');
          const login = new URL(visit.headers.location ?? '', 'http://site.test');
          expect(login.pathname).toBe('/login');
          const back = new URL(login.searchParams.get('next') ?? '', 'http://site.test');
          expect(back.pathname).toBe('/admin');
          expect(Object.fromEntries(back.searchParams)).toEqual({ tab: 'queues', open: target });
        }
      }
      // Its JSON API, its files and any call that does not ask for a page keep the 401.
      for (const [target, accept] of [
        ['/admin/queues/api/queues', 'text/html'],
        ['/admin/queues/api/queues', 'application/json'],
        [deepLink, 'application/json'],
        [deepLink, '*/*'],
      ] as const) {
        const call = await request(api.app).get(target).set('Accept', accept);
        expect(call.status, `${target} ${accept}`).toBe(401);
        expect(call.headers['content-type']).toMatch(/^application\/json/);
        expect(call.body.error).toBe('Please log in to continue.');
      }
      // A customer is signed in: told no, not sent to log in again.
      const customerCookie = queueCookie(customer);
      const refused = await request(api.app)
        .get(deepLink)
        .set('Accept', 'text/html')
        .set('Cookie', customerCookie);
      expect(refused.status).toBe(403);
    });

    it('serves its page without Google Fonts, with our button names, under a policy that allows what it runs', async () => {
      const page = await request(api.app).get('/admin/queues').set('Cookie', cookie);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('fonts.googleapis.com');
      expect(page.text).toContain(
        '<script defer src="/admin/queues/hs/labels.js"></script></body>',
      );
      const policy = page.headers['content-security-policy'] ?? '';
      expect(policy).toContain("script-src 'self';");
      expect(policy).toMatch(/style-src-attr 'unsafe-hashes'( 'sha256-[\w+/=]+')+;/);
      expect(policy).not.toMatch(/unsafe-eval|unsafe-inline|googleapis/);

      const script = await request(api.app).get('/admin/queues/hs/labels.js');
      expect(script.status).toBe(200);
      expect(script.headers['content-type']).toMatch(/^text\/javascript/);
      expect(script.text).toContain('"refresh-cw":"Retry"');
    });

    it("refuses a customer's cookie and a cookie whose session has ended", async () => {
      const customerCookie = queueCookie(customer);
      expect(
        (await request(api.app).get('/admin/queues').set('Cookie', customerCookie)).status,
      ).toBe(403);
      expect(
        (await request(api.app).post('/api/admin/queue-session').set(bearer(customer))).headers[
          'set-cookie'
        ],
      ).toBeUndefined();

      // An admin who has since reset the password (a new token version) is signed out.
      const other = (await signUp(api.app, PASSWORD, 'admin')).token;
      const session = await request(api.app).post('/api/admin/queue-session').set(bearer(other));
      const otherCookie = cookiePair(session.headers['set-cookie']);
      expect((await request(api.app).get('/admin/queues').set('Cookie', otherCookie)).status).toBe(
        200,
      );
      const me = await request(api.app).get('/api/me').set(bearer(other));
      await UserModel.updateOne({ _id: me.body.user.id }, { $inc: { tokenVersion: 1 } });
      expect((await request(api.app).get('/admin/queues').set('Cookie', otherCookie)).status).toBe(
        401,
      );
      expect(
        (await request(api.app).get('/admin/queues').set('Cookie', 'hs_admin_queues=nonsense'))
          .status,
      ).toBe(401);
    });

    it('clears the cookie on DELETE, and sets it Secure in production', async () => {
      const cleared = await request(api.app).delete('/api/admin/queue-session');
      expect(cleared.status).toBe(204);
      const [setCookie, routeCookie] = cleared.headers['set-cookie'] as unknown as string[];
      expect(setCookie).toMatch(
        /^hs_admin_queues=; Path=\/admin\/queues; Expires=Thu, 01 Jan 1970/,
      );
      expect(routeCookie).toMatch(
        /^hs_admin_queues=; Path=\/api\/admin\/queue-session; Expires=Thu, 01 Jan 1970/,
      );

      const production = createApp(
        {
          ...api.context,
          config: { ...api.context.config, NODE_ENV: 'production' },
        },
        TEST_APP_OPTIONS,
      );
      const session = await request(production).post('/api/admin/queue-session').set(bearer(admin));
      expect(session.status).toBe(204);
      expect((session.headers['set-cookie'] as unknown as string[])[0]).toMatch(/; Secure/);
    });

    it('ends with the login that opened it: logout, and closing the dashboard, end it on the server', async () => {
      const opener = await signUp(api.app, PASSWORD, 'admin');
      const open = async (token: string) => {
        const opened = await request(api.app).post('/api/admin/queue-session').set(bearer(token));
        expect(opened.status).toBe(204);
        const [dashboard, route] = opened.headers['set-cookie'] as unknown as string[];
        // The same session for the route that ends it: a browser sends each under its path only.
        expect(route).toMatch(/; Path=\/api\/admin\/queue-session;/);
        expect(cookiePair(route)).toBe(cookiePair(dashboard));
        return cookiePair(dashboard);
      };
      const reads = async (cookie: string) =>
        (await request(api.app).get('/admin/queues/api/queues').set('Cookie', cookie)).status;

      const first = await open(opener.token);
      expect(await reads(first)).toBe(200);
      const out = await request(api.app).post('/api/auth/logout').set(bearer(opener.token));
      expect(out.status).toBe(200);
      // A copy of the cookie kept after logout (another tab, a shared machine) opens nothing.
      expect(await reads(first)).toBe(401);

      const login = await request(api.app)
        .post('/api/auth/login')
        .send({ email: opener.email, password: PASSWORD });
      const again = login.body.token as string;
      const second = await open(again);
      expect(await reads(second)).toBe(200);
      const closed = await request(api.app)
        .delete('/api/admin/queue-session')
        .set('Cookie', second);
      expect(closed.status).toBe(204);
      expect(await reads(second)).toBe(401);
      // Closing the dashboard is not logging out of the site.
      expect((await request(api.app).get('/api/me').set(bearer(again))).status).toBe(200);
      expect(await reads(await open(again))).toBe(200);
    });

    it('lives no longer than the login that opened it', async () => {
      const { userId } = await signUp(api.app, PASSWORD, 'admin');
      // A login with two minutes left: the dashboard's own hour would outlive it.
      const login = new AuthTokens(api.context.config.JWT_SECRET, 120).issue(
        { userId, tokenVersion: 0, role: 'admin' },
        'password',
      );
      const opened = await request(api.app).post('/api/admin/queue-session').set(bearer(login));
      expect(opened.status).toBe(204);
      const [setCookie] = opened.headers['set-cookie'] as unknown as string[];
      const maxAge = Number(/; Max-Age=(\d+);/.exec(setCookie ?? '')?.[1]);
      expect(maxAge).toBeGreaterThan(100);
      expect(maxAge).toBeLessThanOrEqual(120);
      const expiry = (token: string) => {
        const claims = jwt.decode(token);
        return typeof claims === 'object' && claims !== null ? claims.exp : undefined;
      };
      const cookieExpiry = expiry(cookiePair(setCookie).split('=')[1] ?? '');
      expect(cookieExpiry).toBeDefined();
      expect(cookieExpiry).toBeLessThanOrEqual(expiry(login) ?? 0);
    });

    it('shows a failed job with its reason and retries it through the API', async () => {
      await failedMailJob(api.context, 'broken-mail-1', '550 5.1.1 mailbox unavailable');
      const failed = await request(api.app)
        .get('/admin/queues/api/queues')
        .query({ activeQueue: QueueName.Mail, status: 'failed' })
        .set('Cookie', cookie);
      expect(failed.status).toBe(200);
      const mailQueue = (
        failed.body.queues as { name: string; jobs: { id: string; failedReason: string }[] }[]
      ).find((q) => q.name === QueueName.Mail);
      expect(mailQueue?.jobs).toContainEqual(
        expect.objectContaining({
          id: 'broken-mail-1',
          failedReason: '550 5.1.1 mailbox unavailable',
        }),
      );

      const retried = await request(api.app)
        .put(`/admin/queues/api/queues/${QueueName.Mail}/broken-mail-1/retry`)
        .set('Cookie', cookie);
      expect(retried.status).toBe(204);
      const job = await api.context.jobs.queue(QueueName.Mail).getJob('broken-mail-1');
      expect(await job?.getState()).toBe('waiting');

      // Promoted, though it is not delayed: BullMQ throws. bull-board's own answer would carry the
      // stack in development; the dashboard's answer never does.
      const nodeEnv = process.env.NODE_ENV;
      process.env.NODE_ENV = 'development';
      try {
        const again = await request(api.app)
          .put(`/admin/queues/api/queues/${QueueName.Mail}/broken-mail-1/promote`)
          .set('Cookie', cookie);
        expect(again.status).toBe(500);
        expect(again.body.error).toEqual({ key: 'ERRORS.INTERNAL_SERVER_ERROR' });
        expect(again.body.message).toMatch(/broken-mail-1/);
        expect(again.body).not.toHaveProperty('details');
        expect(again.text).not.toMatch(/\n\s+at /);
      } finally {
        process.env.NODE_ENV = nodeEnv;
      }
    });
  });
});

describe('a refund from the admin API', () => {
  let product: ProductHarness;
  let admin: string;

  beforeAll(async () => {
    product = await startApiAndWorkers(
      testEnv({ AUTH_RATE_LIMIT_MAX: '1000', FORM_RATE_LIMIT_MAX: '1000' }),
    );
    admin = (await signUp(product.api.app, PASSWORD, 'admin')).token;
  });
  afterAll(async () => {
    await product.close();
  });

  it('cancels a paid booking, frees its place and ends Refunded once the provider confirms', async () => {
    const { api } = product;
    const fields = bookingFields();
    const bookingId = await book(api, fields);
    const paid = await request(api.app)
      .post('/api/payments')
      .send({
        bookingId,
        amount: 14900,
        paymentMethod: 'card',
        customerEmail: fields.email,
        paymentMethodId: testPaymentMethodFor('4242 4242 4242 4242') ?? '',
        // The token the booking answer gave (the same the manage link carries).
        token: api.context.links.token(bookingId),
      });
    expect(paid.status).toBe(200);
    await eventually(async () =>
      expect((await BookingModel.findById(bookingId))?.status).toBe('paid'),
    );

    const patch = () =>
      request(api.app)
        .patch(`/api/admin/bookings/${bookingId}`)
        .set('Authorization', `Bearer ${admin}`)
        .send({ status: 'refunded' });
    const refund = await patch();
    expect(refund.status).toBe(202);
    expect(refund.body.message).toBe(
      'Refund requested from the payment provider. The booking shows Refunded once the provider confirms it.',
    );
    expect(refund.body.booking).toMatchObject({ status: 'cancelled', allowedStatuses: [] });
    const slot = await SlotModel.findOne({ date: fields.date, time: 'morning' });
    expect(slot?.holders ?? []).not.toContain(bookingId);

    // The workers may already have applied the provider's confirmation: either way a second
    // refund is refused. (booking-lifecycle-table.test.ts pins the underway case on its own.)
    const again = await patch();
    expect(again.status).toBe(409);
    expect([
      'A refund for this booking has already been requested.',
      'A booking that is Refunded cannot be moved to Refunded. Refunded is final.',
    ]).toContain(again.body.error);

    await eventually(async () => {
      const booking = await BookingModel.findById(bookingId);
      expect(booking?.status).toBe('refunded');
      expect(booking?.payment.refundedAt).toBeInstanceOf(Date);
    });
  });
});
