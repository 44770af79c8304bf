import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserModel } from '../src/accounts/user-model';
import { BookingModel } from '../src/bookings/booking-model';
import { ContactMessageModel } from '../src/contact/contact-message-model';
import { CampaignModel } from '../src/newsletter/campaign-model';
import { signUp } from '../../tests/support/accounts';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { bookingFields } from '../../tests/support/booking-form';
import { testEmail, testEnv } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';

/**
 * Characters that are not text: a terminal runs them (ESC, CSI), a mail client or the console
 * redraws what follows them (the bidirectional overrides and isolates), or they are simply not
 * there to see (NUL, DEL, NEL). "Maya\u202Egnp.exe" shows as "Mayaexe.png".
 */
const HIDDEN: [string, string][] = [
  ['NUL U+0000', '\u0000'],
  ['ESC U+001B', '\u001b'],
  ['DEL U+007F', '\u007f'],
  ['NEL U+0085', '\u0085'],
  ['CSI U+009B', '\u009b'],
  ['LRE U+202A', '\u202a'],
  ['RLO U+202E', '\u202e'],
  ['LRI U+2066', '\u2066'],
  ['PDI U+2069', '\u2069'],
];

const oneLine = (label: string) =>
  `${label} must be on one line, without hidden control or text-direction characters.`;
const paragraphs = (label: string) =>
  `${label} must not contain hidden control or text-direction characters.`;

/** `value` with `character` in its middle, where trimming cannot take it off. */
const spliced = (value: string, character: string) =>
  `${value.slice(0, 4)}${character}${value.slice(4)}`;

type Field = [field: string, valid: string, message: string];

/** Every field of the form, each hidden character in turn: 400 naming the field. */
function cases(fields: Field[]): [string, string, string, string][] {
  return fields.flatMap(([field, valid, message]) =>
    HIDDEN.map(([name, character]): [string, string, string, string] => [
      field,
      name,
      spliced(valid, character),
      message,
    ]),
  );
}

describe('names, addresses, notes and messages refuse hidden control and direction characters', () => {
  let api: ApiHarness;
  let customer: string;
  let admin: string;

  beforeAll(async () => {
    api = await startApi(testEnv({ FORM_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' }));
    customer = (await signUp(api.app, PASSWORD)).token;
    admin = (await signUp(api.app, PASSWORD, 'admin')).token;
  });
  afterAll(async () => {
    await api.close();
  });

  it.each(
    cases([
      ['name', 'Maya Singh', oneLine('Full name')],
      ['phone', '416-555-0199', oneLine('Phone number')],
      ['address', '12 Rosedale Ave, Toronto, ON M4W 1P8', oneLine('Service address')],
      ['details', 'A cedar deck.\nTwo steps.', paragraphs('Project description')],
    ]),
  )('booking: refuses %s with %s', async (field, _name, value, message) => {
    const before = await BookingModel.countDocuments();
    const response = await request(api.app)
      .post('/api/bookings')
      .send(bookingFields({ plan: 'custom-estimate', [field]: value }));
    expect(response.status).toBe(400);
    expect(response.body.fields[field]).toBe(message);
    expect(await BookingModel.countDocuments()).toBe(before);
  });

  const contactForm = (overrides: Record<string, string>) => ({
    fullName: 'Maya Singh',
    email: testEmail('writer'),
    phone: '416-555-0199',
    subject: 'Spring clean-up',
    message: 'Hello,\nA quote, please.',
    ...overrides,
  });

  it.each(
    cases([
      ['fullName', 'Maya Singh', oneLine('Full name')],
      ['phone', '416-555-0199', oneLine('Phone')],
      ['subject', 'Spring clean-up', oneLine('Subject')],
      ['service', 'Lawn Repair', oneLine('Service')],
      ['message', 'Hello,\nA quote, please.', paragraphs('Message')],
    ]),
  )('contact: refuses %s with %s', async (field, _name, value, message) => {
    const before = await ContactMessageModel.countDocuments();
    const response = await request(api.app)
      .post('/api/contact')
      .send(contactForm({ [field]: value }));
    expect(response.status).toBe(400);
    expect(response.body.fields[field]).toBe(message);
    expect(await ContactMessageModel.countDocuments()).toBe(before);
  });

  it.each(
    cases([
      ['firstName', 'Maya', oneLine('First name')],
      ['lastName', 'Singh', oneLine('Last name')],
      ['address', '12 Rosedale Ave', oneLine('Address')],
    ]),
  )('sign-up: refuses %s with %s', async (field, _name, value, message) => {
    const email = testEmail('signup');
    const response = await request(api.app)
      .post('/api/auth/register')
      .send({
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Maya',
        lastName: 'Singh',
        address: '12 Rosedale Ave',
        [field]: value,
      });
    expect(response.status).toBe(400);
    expect(response.body.fields[field]).toBe(message);
    expect(await UserModel.countDocuments({ email })).toBe(0);
  });

  it.each(
    cases([
      ['firstName', 'Maya', oneLine('First name')],
      ['lastName', 'Singh', oneLine('Last name')],
      ['address', '12 Rosedale Ave', oneLine('Address')],
      ['city', 'Toronto', oneLine('City')],
      ['state', 'Ontario', oneLine('Province or state')],
      ['country', 'Canada', oneLine('Country')],
      ['bio', 'Gardener.\nDog owner.', paragraphs('About me')],
    ]),
  )('profile: refuses %s with %s', async (field, _name, value, message) => {
    const auth = { Authorization: `Bearer ${customer}` };
    const before = await request(api.app).get('/api/me/profile').set(auth);
    const response = await request(api.app)
      .put('/api/me/profile')
      .set(auth)
      .send({ [field]: value });
    expect(response.status).toBe(400);
    expect(response.body.fields[field]).toBe(message);
    expect((await request(api.app).get('/api/me/profile').set(auth)).body).toEqual(before.body);
  });

  it.each(
    cases([
      ['subject', 'Winter prep', oneLine('Subject')],
      ['body', '# Winter prep\n\nClear your eavestroughs.', paragraphs('Body')],
    ]),
  )('newsletter campaign: refuses %s with %s', async (field, _name, value, message) => {
    const before = await CampaignModel.countDocuments();
    const response = await request(api.app)
      .post('/api/admin/campaigns')
      .set('Authorization', `Bearer ${admin}`)
      .send({ subject: 'Winter prep', body: 'Hello', [field]: value });
    expect(response.status).toBe(400);
    expect(response.body.fields[field]).toBe(message);
    expect(await CampaignModel.countDocuments()).toBe(before);
  });

  it('keeps line breaks and tabs in messages, and right-to-left text with its marks', async () => {
    // Arabic and Hebrew names, with the left-to-right and right-to-left marks people type
    // between scripts: text, not controls.
    const fullName = 'مريم\u200F Singh \u05E9\u05E8\u05D4\u200E';
    const message = 'Line one\r\nLine two\n\tindented\u2028same paragraph';
    const form = contactForm({ fullName, message });
    const response = await request(api.app).post('/api/contact').send(form);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const stored = await ContactMessageModel.findOne({ email: form.email });
    expect(stored?.fullName).toBe(fullName);
    expect(stored?.message).toBe(message);

    const campaign = await request(api.app)
      .post('/api/admin/campaigns')
      .set('Authorization', `Bearer ${admin}`)
      .send({ subject: 'Winter prep', body: '# Winter prep\r\n\n\t- Gutters' });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
  });
});
