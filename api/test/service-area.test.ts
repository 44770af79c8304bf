import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { loadApiConfig } from '../src/config/api-config';
import { ConfigError } from '../src/config/load-config';
import { BookingMessages, bookingFormSchema } from '../src/domain/booking/booking-schema';
import {
  DEFAULT_SERVICE_AREAS,
  inServiceArea,
  normalisePostalCode,
  normaliseServiceArea,
  postalCodeIn,
} from '../src/domain/booking/service-area';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields, type BookingFields } from '../../tests/support/booking-form';
import { dataChanges, snapshotData } from '../../tests/support/data-snapshot';
import { jpeg } from '../../tests/support/images';
import { testEnv } from '../../tests/support/test-env';

/** Ottawa (Parliament Hill): a real Canadian postal code, outside Toronto's M areas. */
const OTTAWA = 'K1A 0B1';

describe('postal codes and service areas (the shared rule)', () => {
  it.each([
    ['M4W 1P8', 'M4W 1P8'],
    ['m4w1p8', 'M4W 1P8'],
    ['  m4w 1p8 ', 'M4W 1P8'],
    ['M4W-1P8', 'M4W 1P8'],
    ['M4W   1P8', 'M4W 1P8'],
    ['X0A 0H0', 'X0A 0H0'],
  ])('reads %j as %j', (typed, postalCode) => {
    expect(normalisePostalCode(typed)).toBe(postalCode);
  });

  it.each([
    ['a US ZIP code', '12345'],
    ['a letter Canada Post never uses (D)', 'D4W 1P8'],
    ['a letter Canada Post never uses later on (O)', 'M4O 1P8'],
    ['W first', 'W4W 1P8'],
    ['Z first', 'Z4W 1P8'],
    ['a half missing', 'M4W'],
    ['too long', 'M4W 1P88'],
    ['two separators', 'M4W--1P8'],
    ['a line break inside', 'M4W\n1P8'],
    ['empty', ''],
  ])('refuses %s (%j)', (_reason, typed) => {
    expect(normalisePostalCode(typed)).toBeNull();
  });

  it.each([
    ['100 Queen St W, Toronto, ON M5H 2N2', 'M5H 2N2'],
    ['100 queen st w, toronto, on m5h2n2', 'M5H 2N2'],
    ['M4W-1P8, 12 Rosedale Ave', 'M4W 1P8'],
    ['Apt 4B, 12 Main St, Ottawa K1A 0A9 (back door)', 'K1A 0A9'],
    ['12 Rosedale Ave, Toronto', null],
    ['Unit XM5H 2N2', null],
    ['M5H 2N2A', null],
    ['12345 Main St, Buffalo NY 14201', null],
  ])('finds the postal code in the address %j: %j', (address, postalCode) => {
    expect(postalCodeIn(address)).toBe(postalCode);
  });

  it('serves a code whose area starts with an entry: a letter, two characters or a whole FSA', () => {
    expect(inServiceArea('M4W 1P8', DEFAULT_SERVICE_AREAS)).toBe(true);
    expect(inServiceArea('m1b0a1', ['M'])).toBe(true);
    expect(inServiceArea(OTTAWA, DEFAULT_SERVICE_AREAS)).toBe(false);
    expect(inServiceArea('M4W 1P8', ['M4'])).toBe(true);
    expect(inServiceArea('M5V 3L9', ['M4'])).toBe(false);
    expect(inServiceArea('M4W 1P8', ['m4w', 'K1A'])).toBe(true);
    expect(inServiceArea(OTTAWA, ['M4W', 'k1a'])).toBe(true);
    expect(inServiceArea('M4X 1A1', ['M4W'])).toBe(false);
    // Not a postal code, or nowhere served: never in the area.
    expect(inServiceArea('12345', ['M'])).toBe(false);
    expect(inServiceArea('M4W 1P8', [])).toBe(false);
  });

  it.each([
    ['M', 'M'],
    [' m4 ', 'M4'],
    ['k1a', 'K1A'],
  ])('takes %j as the area %j', (entry, area) => {
    expect(normaliseServiceArea(entry)).toBe(area);
  });

  it.each(['', 'D', 'W', 'M4W1', 'MM', '4W', 'M4O', 'M 4W'])('refuses the area %j', (entry) => {
    expect(normaliseServiceArea(entry)).toBeNull();
  });

  it('judges only the format when no areas are given (the site before it knows them)', () => {
    const form = bookingFields({ postalCode: OTTAWA });
    expect(bookingFormSchema().safeParse(form).success).toBe(true);
    const inToronto = bookingFormSchema(undefined, ['M']).safeParse(form);
    expect(inToronto.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['postalCode'], BookingMessages.outsideServiceArea('K1A')],
    ]);
  });
});

describe('SERVICE_AREA_FSAS', () => {
  const base = testEnv();
  const problemsOf = (value: string): string[] => {
    try {
      loadApiConfig({ ...base, SERVICE_AREA_FSAS: value });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it("is Toronto's M areas unless set, and reads a list of areas as written", () => {
    expect(loadApiConfig(base).SERVICE_AREA_FSAS).toEqual(['M']);
    expect(
      loadApiConfig({ ...base, SERVICE_AREA_FSAS: ' m4w, M5 ,K1A,' }).SERVICE_AREA_FSAS,
    ).toEqual(['M4W', 'M5', 'K1A']);
  });

  it.each([
    ['an area of four characters', 'M,M4W1'],
    ['a letter Canada Post never starts with', 'W'],
    ['digits first', '4W'],
    ['no area at all', ' , '],
  ])('refuses %s, naming the variable', (_reason, value) => {
    const problems = problemsOf(value);
    expect(problems).not.toEqual([]);
    for (const problem of problems) expect(problem).toMatch(/^SERVICE_AREA_FSAS: /);
  });
});

describe('the service area of POST /api/bookings (default: M)', () => {
  // Every request here comes from one address: the form limit has its own test.
  const env = testEnv({ FORM_RATE_LIMIT_MAX: '1000', SLOT_CAPACITY: '2' });
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(env);
  });
  afterAll(async () => {
    await api.close();
  });

  const post = (fields: BookingFields, path = '/api/bookings') =>
    withFields(request(api.app).post(path), fields);

  const placesLeft = async (date: string) => {
    const answer = await request(api.app).get('/api/availability').query({ from: date, to: date });
    expect(answer.status).toBe(200);
    return answer.body.days as unknown[];
  };

  it('books a visit inside the area and keeps its postal code as Canada Post writes it', async () => {
    for (const typed of ['M4W 1P8', 'm4w1p8', ' M4W-1P8 ']) {
      const response = await post(bookingFields({ postalCode: typed }));
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const stored = await BookingModel.findById(response.body.booking.id);
      expect(stored?.postalCode).toBe('M4W 1P8');
    }
  });

  it('shows the postal code on the manage page and to operators (the managed view)', async () => {
    const booked = await post(bookingFields({ postalCode: 'm5v 3l9' }));
    expect(booked.status).toBe(201);
    const managed = await request(api.app)
      .get(`/api/bookings/${String(booked.body.booking.id)}`)
      .query({ token: booked.body.token as string });
    expect(managed.status).toBe(200);
    expect(managed.body.booking.postalCode).toBe('M5V 3L9');
  });

  it.each([
    // The address carries no code either: see the original form's tests below for one that does.
    ['missing', undefined, BookingMessages.postalCodeRequired],
    ['blank', '   ', BookingMessages.postalCodeRequired],
    ['a US ZIP code', '12345', BookingMessages.postalCodeFormat],
    ['a letter Canada Post never uses', 'D4W 1P8', BookingMessages.postalCodeFormat],
    ['far too long', 'M4W 1P8 '.repeat(50), BookingMessages.postalCodeFormat],
  ])(
    'refuses a postal code that is %s with 400, naming the field',
    async (_reason, value, message) => {
      const { postalCode: _typed, ...fields } = bookingFields({
        address: '12 Rosedale Ave, Toronto',
      });
      const before = await snapshotData(api.context);
      const response = await post(value === undefined ? fields : { ...fields, postalCode: value });
      expect(response.status).toBe(400);
      expect(response.body.fields.postalCode).toBe(message);
      expect(dataChanges(before, await snapshotData(api.context))).toEqual([]);
    },
  );

  it.each([
    ['a One-time Visit', 'One-time Visit - $149', 'Painting'],
    ['a Monthly Visit', 'Monthly Visit - $249', 'Painting'],
    ['an estimate', 'Custom Estimate', 'Free Construction Estimate'],
  ])(
    'refuses %s outside the area with an invitation to ask, changing nothing',
    async (_kind, plan, service) => {
      const fields = bookingFields({ postalCode: OTTAWA, plan, service });
      const date = fields.date ?? '';
      const places = await placesLeft(date);
      const before = await snapshotData(api.context);
      const response = await post(fields).attach('image', jpeg(), 'yard.jpg');
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(BookingMessages.outsideServiceArea('K1A'));
      expect(response.body.fields).toEqual({
        postalCode: BookingMessages.outsideServiceArea('K1A'),
      });
      expect(response.body.error).toContain('contact page');
      // No booking, no place taken, no photo kept, no email or timer queued.
      expect(dataChanges(before, await snapshotData(api.context))).toEqual([]);
      expect(await placesLeft(date)).toEqual(places);
    },
  );

  it('refuses outside the area on every path that books: JSON, and the original site path', async () => {
    const fields = bookingFields({ postalCode: OTTAWA });
    const before = await snapshotData(api.context);
    const json = await request(api.app).post('/api/bookings').send(fields);
    expect(json.status).toBe(400);
    expect(json.body.fields.postalCode).toBe(BookingMessages.outsideServiceArea('K1A'));
    const legacy = await post(fields, '/api-docs/api/bookings');
    expect(legacy.status).toBe(400);
    expect(legacy.body.fields.postalCode).toBe(BookingMessages.outsideServiceArea('K1A'));
    expect(dataChanges(before, await snapshotData(api.context))).toEqual([]);
  });

  it('leaves the places of the window to those inside the area', async () => {
    const fields = bookingFields();
    const date = fields.date ?? '';
    const [day] = (await placesLeft(date)) as { windows: { morning: number } }[];
    expect(day?.windows.morning).toBe(2);
    expect((await post({ ...fields, postalCode: OTTAWA })).status).toBe(400);
    expect((await post({ ...fields, postalCode: 'M1B 0A1' })).status).toBe(201);
    const [after] = (await placesLeft(date)) as { windows: { morning: number } }[];
    expect(after?.windows.morning).toBe(1);
  });

  it('gives the site the areas it serves, to check in the browser', async () => {
    const response = await request(api.app).get('/api/site-config');
    expect(response.status).toBe(200);
    expect(response.body.serviceAreas).toEqual(['M']);
  });
});

/**
 * The original site's form posts name, phone, email, address, date, time, service, plan and an
 * optional photo as multipart, with no postal code field: the code is read from the address.
 */
describe('the original booking form, without a postal code field', () => {
  const env = testEnv({ FORM_RATE_LIMIT_MAX: '1000' });
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(env);
  });
  afterAll(async () => {
    await api.close();
  });

  /** The original form's fields exactly: no postalCode. */
  function originalForm(address: string): BookingFields {
    const { postalCode: _ours, ...fields } = bookingFields({ address });
    return fields;
  }

  it.each(['/api/bookings', '/api-docs/api/bookings'])(
    'books at %s with the code read from a Toronto address, and stores it',
    async (path) => {
      const response = await withFields(
        request(api.app).post(path),
        originalForm('100 Queen St W, Toronto, ON M5H 2N2'),
      ).attach('image', jpeg(), 'yard.jpg');
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const stored = await BookingModel.findById(response.body.booking.id);
      expect(stored?.postalCode).toBe('M5H 2N2');
    },
  );

  it.each([
    ['lower case, no space', '100 queen st w, toronto m5h2n2', 'M5H 2N2'],
    ['inside the line', 'M4W 1P8 12 Rosedale Ave, Toronto', 'M4W 1P8'],
    ['with a hyphen', '12 Rosedale Ave, Toronto ON M4W-1P8', 'M4W 1P8'],
  ])('reads the code written %s', async (_how, address, postalCode) => {
    const response = await withFields(
      request(api.app).post('/api/bookings'),
      originalForm(address),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((await BookingModel.findById(response.body.booking.id))?.postalCode).toBe(postalCode);
  });

  it('refuses an address outside the area, naming the area, and changes nothing', async () => {
    const fields = originalForm('111 Wellington St, Ottawa, ON K1A 0A9');
    const before = await snapshotData(api.context);
    for (const path of ['/api/bookings', '/api-docs/api/bookings']) {
      const response = await withFields(request(api.app).post(path), fields);
      expect(response.status).toBe(400);
      expect(response.body.fields.postalCode).toBe(BookingMessages.outsideServiceArea('K1A'));
    }
    expect(dataChanges(before, await snapshotData(api.context))).toEqual([]);
  });

  it('answers 400 as before when neither the form nor the address has a code', async () => {
    const fields = originalForm('12 Rosedale Ave, Toronto');
    const before = await snapshotData(api.context);
    const response = await withFields(request(api.app).post('/api/bookings'), fields);
    expect(response.status).toBe(400);
    expect(response.body.fields.postalCode).toBe(BookingMessages.postalCodeRequired);
    expect(dataChanges(before, await snapshotData(api.context))).toEqual([]);
  });

  it('keeps the postal code field first when both are given', async () => {
    const response = await withFields(
      request(api.app).post('/api/bookings'),
      bookingFields({ address: '100 Queen St W, Toronto, ON M5H 2N2', postalCode: 'M4W 1P8' }),
    );
    expect(response.status).toBe(201);
    expect((await BookingModel.findById(response.body.booking.id))?.postalCode).toBe('M4W 1P8');
  });

  it('says so in the API reference', async () => {
    const document = await request(api.app).get('/api/openapi.json');
    const operation = document.body.paths['/api/bookings'].post as { description: string };
    expect(operation.description).toContain('read from `address`');
  });
});

describe('a service area set by SERVICE_AREA_FSAS', () => {
  const env = testEnv({ FORM_RATE_LIMIT_MAX: '1000', SERVICE_AREA_FSAS: 'M4W, k1a' });
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(env);
  });
  afterAll(async () => {
    await api.close();
  });

  const post = (postalCode: string) =>
    withFields(request(api.app).post('/api/bookings'), bookingFields({ postalCode }));

  it('books inside the configured areas only', async () => {
    expect((await post('M4W 1P8')).status).toBe(201);
    expect((await post(OTTAWA)).status).toBe(201);
    const downtown = await post('M5V 3L9');
    expect(downtown.status).toBe(400);
    expect(downtown.body.fields.postalCode).toBe(BookingMessages.outsideServiceArea('M5V'));
  });

  it('tells the site the configured areas', async () => {
    const response = await request(api.app).get('/api/site-config');
    expect(response.body.serviceAreas).toEqual(['M4W', 'K1A']);
  });
});
