import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import { BookingMessages } from '@hs/api/domain/booking/booking-schema';
import { AuthMessages } from '@hs/api/domain/auth/auth-messages';
import { PlanMessages } from '@hs/api/domain/subscription/plan-messages';
import { CATALOGUE } from '@hs/api/domain/booking/catalogue';
import { addDays, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { PaymentMessages } from '@hs/api/domain/payment/payment-messages';
import { CardMessages } from '@hs/api/domain/payment/test-cards';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, jsonResponse, stubApi } from '../../test-support/api-stub';
import { ApiError } from '../../api/api-client';
import { uploadForm } from '../../api/upload';
import { ServicesPage } from './ServicesPage';
import { loadStripeOnce } from './stripe-loader';

vi.mock('../../api/upload', () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);
// Stripe.js comes from js.stripe.com, which jsdom cannot load: the loader hands over a stand-in.
vi.mock('./stripe-loader', () => ({ loadStripeOnce: vi.fn() }));
const loadStripe = vi.mocked(loadStripeOnce);

// Each step of the flow is a navigation (the browser's Back goes back a step), which React
// Router runs as a transition: on a busy machine it lands after the library's default second.
configure({ asyncUtilTimeout: 5_000 });

const visitDate = addDays(todayInToronto(), 3);
/** What the booking answer hands the page: the proof it owns the booking, sent when paying. */
const BOOKING_TOKEN = 'booking-token-from-the-201-answer';

function bookingView(overrides: Partial<BookingView> = {}): BookingView {
  return {
    id: 'a'.repeat(32),
    reference: 'HS-1234',
    service: 'Garden Maintenance',
    serviceId: 'garden-maintenance',
    plan: 'One-time Visit',
    planId: 'one-time',
    date: visitDate,
    time: 'morning',
    timeLabel: 'Morning (8am-12pm)',
    amountCents: 14_900,
    currency: 'cad',
    status: 'pending_payment',
    hasImage: false,
    createdAt: new Date().toISOString(),
    monthlyPlan: null,
    discount: null,
    ...overrides,
  };
}

type Answer = (call: ApiCall) => Response;

/** Answers the page's fetch calls by "METHOD /path" and records them. */
function stubPageApi(answers: Record<string, Answer> = {}): readonly ApiCall[] {
  const defaults: Record<string, Answer> = {
    'GET /api/catalogue': () => jsonResponse(200, CATALOGUE),
    'GET /api/availability': () =>
      jsonResponse(200, {
        capacity: 3,
        days: [{ date: visitDate, windows: { morning: 2, afternoon: 0, evening: 1 } }],
      }),
    'GET /api/payments/config': () =>
      jsonResponse(200, { provider: 'test', publishableKey: null, currency: 'cad' }),
  };
  return stubApi({ ...defaults, ...answers }).calls();
}

function valueOf(element: HTMLElement): string {
  if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) {
    return element.value;
  }
  throw new Error('not a form field');
}

function isDisabled(element: HTMLElement): boolean {
  if (element instanceof HTMLOptionElement) return element.disabled;
  throw new Error('not an option');
}

function ContactProbe() {
  const location = useLocation();
  const state = location.state as { service?: string; prefill?: unknown } | null;
  return (
    <>
      <p>Contact page for {String(state?.service)}</p>
      <p data-testid="prefill">{JSON.stringify(state?.prefill ?? null)}</p>
    </>
  );
}

function renderPage(path = '/service/service1', redirect = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/service/service1', element: <ServicesPage redirect={redirect} /> },
      { path: '/contact', element: <ContactProbe /> },
    ],
    { initialEntries: [path] },
  );
  renderWithQueryClient(<RouterProvider router={router} />);
  return { router, redirect };
}

async function findCard(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 3, name: title });
  const card = heading.closest('li');
  if (card === null) throw new Error(`no card around ${title}`);
  return card;
}

async function openForm(service = 'Garden Maintenance', plan = 'One-time Visit') {
  const card = await findCard(service);
  fireEvent.click(within(card).getByRole('button', { name: /^Book Now/ }));
  // The modals' code loads after the cards: the first Book Now may wait for it.
  const plans = await screen.findByRole('dialog', { name: 'Choose Your Plan' });
  fireEvent.click(within(plans).getByRole('button', { name: `Choose ${plan}` }));
  return screen.getByRole('dialog', { name: 'Book Your Service' });
}

function fillForm(dialog: HTMLElement) {
  const form = within(dialog);
  fireEvent.change(form.getByLabelText('Full Name'), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(form.getByLabelText('Phone Number'), { target: { value: '416-555-0199' } });
  fireEvent.change(form.getByLabelText('Email Address'), { target: { value: 'ada@example.com' } });
  fireEvent.change(form.getByLabelText('Service Address'), {
    target: { value: '1 Yonge St, Toronto' },
  });
  fireEvent.change(form.getByLabelText('Postal Code'), { target: { value: 'M5E 1W7' } });
  fireEvent.change(form.getByLabelText('Preferred Date'), { target: { value: visitDate } });
}

let scrollIntoView: ReturnType<typeof vi.fn>;
const revokeObjectURL = vi.fn();

// The page loads the modals' code once its cards are shown. Importing it once here spares the
// first test that opens one the first, slow transform of that code; each still waits for it.
beforeAll(async () => {
  await import('./BookingFlow');
});

beforeEach(() => {
  scrollIntoView = vi.fn();
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    configurable: true,
    writable: true,
    value: scrollIntoView,
  });
  Object.assign(URL, {
    createObjectURL: vi.fn(() => 'blob:preview'),
    revokeObjectURL,
  });
  upload.mockReset();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('ServicesPage', () => {
  it('keeps Services as its one h1 and shows the twelve cards of the catalogue', async () => {
    stubPageApi();
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Services',
    ]);
    const list = await screen.findByRole('list', { name: 'Services' });
    expect(within(list).getAllByRole('article')).toHaveLength(12);
    expect(screen.getByRole('link', { name: 'Get Your Free Estimate' }).getAttribute('href')).toBe(
      '/contact',
    );
  });

  it('cuts a description at 120 characters until Read more, and Show less cuts it again', async () => {
    stubPageApi();
    renderPage();
    const card = await findCard('Garden Maintenance');
    const text = () => card.querySelector('.service-card__text')?.textContent ?? '';
    expect(text()).toHaveLength(121);
    expect(text().endsWith('…')).toBe(true);
    const more = within(card).getByRole('button', { name: /^Read more/ });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(text()).toContain('Green waste hauled away after every visit.');
    const less = within(card).getByRole('button', { name: /^Show less/ });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(less);
    expect(text()).toHaveLength(121);
  });

  it('scrolls to and marks the first card of ?service=<keyword>', async () => {
    stubPageApi();
    renderPage('/service/service1?service=house');
    const card = await findCard('House/Office Cleaning');
    expect(card.getAttribute('aria-current')).toBe('true');
    expect(card.classList.contains('service-card--selected')).toBe(true);
    within(card).getByText('Selected service');
    // The scroll is an effect after the render that shows the card; a busy machine runs it later.
    await waitFor(() => {
      expect(scrollIntoView.mock.contexts).toContain(card);
    });
    expect((await findCard('Seasonal Cleaning')).getAttribute('aria-current')).toBeNull();
  });

  it('passes the service to the contact page', async () => {
    stubPageApi();
    renderPage();
    const card = await findCard('Painting');
    fireEvent.click(within(card).getByRole('link', { name: /^Contact Us/ }));
    await screen.findByText('Contact page for Painting');
  });

  it('goes from the plan modal to the form and Back to the plan modal', async () => {
    stubPageApi();
    renderPage();
    const dialog = await openForm();
    expect(screen.queryByRole('dialog', { name: 'Choose Your Plan' })).toBeNull();
    expect(valueOf(within(dialog).getByLabelText('Service'))).toBe('Garden Maintenance');
    expect(valueOf(within(dialog).getByLabelText('Plan'))).toBe('One-time Visit - $149');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    screen.getByRole('dialog', { name: 'Choose Your Plan' });
    // × on the form returns to the plans too.
    fireEvent.click(screen.getByRole('button', { name: 'Choose Monthly Visit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    screen.getByRole('dialog', { name: 'Choose Your Plan' });
  });

  it('locks page scrolling while a modal is open and gives focus back to Book Now', async () => {
    stubPageApi();
    renderPage();
    const card = await findCard('Lawn Repair');
    const bookNow = within(card).getByRole('button', { name: /^Book Now/ });
    bookNow.focus();
    fireEvent.click(bookNow);
    await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    expect(document.body.classList.contains('modal-open')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Choose One-time Visit' }));
    expect(document.body.classList.contains('modal-open')).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(document.body.classList.contains('modal-open')).toBe(false);
    expect(document.activeElement).toBe(bookNow);
  });

  it('closes on Escape, a step at a time, and keeps what was typed for the next time', async () => {
    stubPageApi();
    renderPage();
    let dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Full Name'), { target: { value: 'Ada' } });
    fireEvent.change(within(dialog).getByLabelText('Preferred Time'), {
      target: { value: 'evening' },
    });
    fireEvent.keyDown(document, { key: 'Escape' });
    await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    dialog = await openForm();
    expect(valueOf(within(dialog).getByLabelText('Full Name'))).toBe('Ada');
    expect(valueOf(within(dialog).getByLabelText('Preferred Time'))).toBe('evening');
  });

  it('goes back a step with the browser, and keeps the form', async () => {
    stubPageApi();
    const { router } = renderPage();
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Full Name'), { target: { value: 'Ada' } });
    await router.navigate(-1);
    await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    await router.navigate(-1);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(router.state.location.pathname).toBe('/service/service1');
    await router.navigate(1);
    await router.navigate(1);
    const again = await screen.findByRole('dialog', { name: 'Book Your Service' });
    expect(valueOf(within(again).getByLabelText('Full Name'))).toBe('Ada');
  });

  // Keeping Tab inside is the browser's work for a dialog opened with showModal(): the browser
  // test in tests/e2e/booking-keyboard.test.ts proves it.
  it('lets the keyboard reach every control of the form in order', async () => {
    stubPageApi();
    renderPage();
    const dialog = await openForm();
    expect(document.activeElement).toBe(dialog);
    const order = [
      within(dialog).getByRole('button', { name: 'Close' }),
      ...[
        'Service',
        'Plan',
        'Full Name',
        'Company (for invoices)',
        'Phone Number',
        'Email Address',
        'Service Address',
        'Postal Code',
        'Preferred Date',
        'Preferred Time',
        'Photo of the job (optional)',
      ].map((label) => within(dialog).getByLabelText(label)),
      within(dialog).getByRole('button', { name: 'Back' }),
      within(dialog).getByRole('button', { name: 'Continue to Payment' }),
      within(dialog).getByRole('button', { name: 'Monthly Visit member? Get 10% off' }),
    ];
    const tabbable = [...dialog.querySelectorAll<HTMLElement>('a[href], button, input, select')];
    expect(tabbable).toEqual(order);
    expect(tabbable.every((element) => element.tabIndex >= 0)).toBe(true);
  });

  it('shows the API rules as field errors and sends nothing', async () => {
    stubPageApi();
    renderPage();
    const dialog = await openForm();
    const date = within(dialog).getByLabelText('Preferred Date');
    expect(date.getAttribute('min')).toBe(todayInToronto());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    within(dialog).getByText(BookingMessages.dateRequired);
    expect(within(dialog).getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Full Name'));
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows full windows of the chosen date disabled', async () => {
    stubPageApi();
    renderPage();
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Preferred Date'), {
      target: { value: visitDate },
    });
    const afternoon = await within(dialog).findByRole('option', {
      name: 'Afternoon (12pm-4pm) (full)',
    });
    expect(isDisabled(afternoon)).toBe(true);
    expect(isDisabled(within(dialog).getByRole('option', { name: 'Evening (4pm-8pm)' }))).toBe(
      false,
    );
  });

  it('shows the windows that closed for the day as no longer available, and picks one still open', async () => {
    stubPageApi({
      'GET /api/availability': () =>
        jsonResponse(200, {
          capacity: 3,
          days: [
            {
              date: visitDate,
              windows: { morning: 0, afternoon: 0, evening: 2 },
              closed: ['morning', 'afternoon'],
            },
          ],
        }),
    });
    renderPage();
    const dialog = await openForm();
    fillForm(dialog);
    const morning = await within(dialog).findByRole('option', {
      name: 'Morning (8am-12pm) (no longer available)',
    });
    expect(isDisabled(morning)).toBe(true);
    expect(
      isDisabled(
        within(dialog).getByRole('option', { name: 'Afternoon (12pm-4pm) (no longer available)' }),
      ),
    ).toBe(true);
    // The form had the morning chosen: the evening, still open, takes its place.
    await waitFor(() => {
      expect(valueOf(within(dialog).getByLabelText('Preferred Time'))).toBe('evening');
    });
  });

  it('refuses a closed window when the form is sent, naming the day and the window', async () => {
    stubPageApi({
      'GET /api/availability': () =>
        jsonResponse(200, {
          capacity: 3,
          days: [
            {
              date: visitDate,
              windows: { morning: 0, afternoon: 0, evening: 0 },
              closed: ['morning', 'afternoon', 'evening'],
            },
          ],
        }),
    });
    renderPage();
    const dialog = await openForm();
    fillForm(dialog);
    await within(dialog).findByRole('option', { name: 'Evening (4pm-8pm) (no longer available)' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    within(dialog).getByText(BookingMessages.windowClosed(visitDate, 'Morning (8am-12pm)'));
    expect(upload).not.toHaveBeenCalled();
  });

  it('asks for availability only for a date the API would take, not for each digit typed', async () => {
    const calls = stubPageApi();
    renderPage();
    const dialog = await openForm();
    const date = within(dialog).getByLabelText('Preferred Date');
    // A year typed with the keyboard passes through 0002, 0020 and 0202 on its way to 2026.
    for (const typed of ['0002-11-30', '0020-11-30', '0202-11-30', addDays(visitDate, 500)]) {
      fireEvent.change(date, { target: { value: typed } });
    }
    fireEvent.change(date, { target: { value: visitDate } });
    await within(dialog).findByRole('option', { name: 'Afternoon (12pm-4pm) (full)' });
    const asked = calls.filter((call) => call.path === '/api/availability');
    expect(asked).toHaveLength(1);
  });

  it('refuses a photo over 5 MB on the page, and previews and removes a good one', async () => {
    stubPageApi();
    renderPage();
    const dialog = await openForm();
    const input = within(dialog).getByLabelText('Photo of the job (optional)');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png');
    within(dialog).getByText('JPG, PNG up to 5MB');
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    within(dialog).getByText(BookingMessages.imageTooLarge);
    expect(within(dialog).queryByRole('img', { name: 'Preview of the chosen photo' })).toBeNull();

    const photo = new File(['photo'], 'yard.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [photo] } });
    expect(within(dialog).queryByText(BookingMessages.imageTooLarge)).toBeNull();
    const preview = within(dialog).getByRole('img', { name: 'Preview of the chosen photo' });
    expect(preview.getAttribute('src')).toBe('blob:preview');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    expect(within(dialog).queryByRole('img', { name: 'Preview of the chosen photo' })).toBeNull();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('keeps the values and says Booking failed when the booking is refused', async () => {
    stubPageApi();
    upload.mockRejectedValue(new ApiError('Bookings are unavailable right now.', 503));
    renderPage();
    const dialog = await openForm();
    fillForm(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(BookingMessages.failed);
    expect(alert.textContent).toContain('Bookings are unavailable right now.');
    expect(valueOf(within(dialog).getByLabelText('Full Name'))).toBe('Ada Lovelace');
    expect(valueOf(within(dialog).getByLabelText('Preferred Date'))).toBe(visitDate);
  });

  it('sends the form with the photo, its token and one key per filled-in form, showing progress', async () => {
    stubPageApi();
    window.localStorage.setItem('authToken', 'signed-in-token');
    let progress: ((fraction: number) => void) | undefined;
    let finish: ((value: unknown) => void) | undefined;
    upload.mockImplementation((_path, _form, options) => {
      progress = options?.onProgress;
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    renderPage();
    const dialog = await openForm();
    fillForm(dialog);
    const photo = new File(['photo'], 'yard.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(dialog).getByLabelText('Photo of the job (optional)'), {
      target: { files: [photo] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => {
      expect(progress).toBeTypeOf('function');
    });
    progress?.(0.4);
    const bar = await within(dialog).findByLabelText('Uploading photo');
    await waitFor(() => {
      expect(bar instanceof HTMLProgressElement ? bar.value : null).toBe(0.4);
    });
    const [path, form, options] = upload.mock.calls[0] ?? [];
    expect(path).toBe('/api/bookings');
    expect(options?.token).toBe('signed-in-token');
    expect(options?.headers?.['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    const sent = form?.get('image');
    expect(sent instanceof File ? [sent.name, sent.type] : null).toEqual([
      'yard.jpg',
      'image/jpeg',
    ]);
    expect(form?.get('service')).toBe('garden-maintenance');
    expect(form?.get('plan')).toBe('one-time');
    expect(form?.get('time')).toBe('morning');
    // Left empty: the API makes the invoices out to the name alone (or the profile's company).
    expect(form?.get('company')).toBe('');
    finish?.({ booking: bookingView(), token: BOOKING_TOKEN, message: BookingMessages.created });
    await screen.findByRole('dialog', { name: 'Complete Your Payment' });
  });

  it('starts the form of a signed-in customer from their profile, and keeps what they type', async () => {
    window.localStorage.setItem('authToken', 'customer-token');
    stubPageApi({
      'GET /api/me/profile': () =>
        jsonResponse(200, {
          profile: {
            firstName: 'Maya',
            lastName: 'Singh',
            company: 'Singh Gardens Ltd.',
            email: 'maya@example.com',
            phone: '416-555-0199',
            address: '12 Rosedale Ave',
            city: 'Toronto',
            state: 'ON',
            zipCode: 'm4w1p8',
            country: 'Canada',
            dob: '',
            bio: '',
            profilePicture: '',
            hasPassword: true,
          },
        }),
    });
    renderPage();
    const dialog = await openForm();
    const form = within(dialog);
    await waitFor(() => {
      expect(valueOf(form.getByLabelText('Full Name'))).toBe('Maya Singh');
    });
    expect(valueOf(form.getByLabelText('Email Address'))).toBe('maya@example.com');
    expect(valueOf(form.getByLabelText('Phone Number'))).toBe('416-555-0199');
    expect(valueOf(form.getByLabelText('Service Address'))).toBe('12 Rosedale Ave, Toronto');
    expect(valueOf(form.getByLabelText('Postal Code'))).toBe('M4W 1P8');
    expect(valueOf(form.getByLabelText('Company (for invoices)'))).toBe('Singh Gardens Ltd.');
  });

  it('offers an optional company for the invoices under the name, and sends it', async () => {
    stubPageApi();
    upload.mockReturnValue(new Promise(() => undefined));
    renderPage();
    const dialog = await openForm();
    const company = within(dialog).getByLabelText('Company (for invoices)');
    expect(company.getAttribute('autocomplete')).toBe('organization');
    expect(company.hasAttribute('required')).toBe(false);
    const names = [...dialog.querySelectorAll('input[name]')].map((input) =>
      input.getAttribute('name'),
    );
    expect(names.indexOf('company')).toBe(names.indexOf('name') + 1);
    fillForm(dialog);
    fireEvent.change(company, { target: { value: 'Lovelace Analytics Inc.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => {
      expect(upload).toHaveBeenCalled();
    });
    const form = upload.mock.calls[0]?.[1];
    expect(form instanceof FormData ? form.get('company') : null).toBe('Lovelace Analytics Inc.');
  });

  it('refuses a company over 100 characters on its field, sending nothing', async () => {
    stubPageApi();
    renderPage();
    const dialog = await openForm();
    fillForm(dialog);
    const company = within(dialog).getByLabelText('Company (for invoices)');
    fireEvent.change(company, { target: { value: 'c'.repeat(101) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    within(dialog).getByText('Company must be at most 100 characters.');
    expect(company.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(company);
    expect(upload).not.toHaveBeenCalled();
  });

  it('goes straight to Custom Estimate for construction, and thanks the visitor', async () => {
    stubPageApi();
    upload.mockResolvedValue({
      booking: bookingView({ planId: 'custom-estimate', amountCents: null }),
      message: BookingMessages.estimateThanks,
    });
    renderPage();
    const card = await findCard('Free Construction Estimate');
    fireEvent.click(within(card).getByRole('button', { name: /^Book Now/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a Custom Estimate' });
    expect(screen.queryByRole('dialog', { name: 'Choose Your Plan' })).toBeNull();
    expect(valueOf(within(dialog).getByLabelText('Plan'))).toBe('Custom Estimate');
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull();
    fillForm(dialog);
    // The project in the customer's own words goes with the request.
    fireEvent.change(within(dialog).getByLabelText('Tell us about the project'), {
      target: { value: 'A 12 x 16 ft cedar deck, two steps down to the lawn.' },
    });
    // Nothing is paid for an estimate, and the button says what it does.
    expect(within(dialog).queryByRole('button', { name: 'Continue to Payment' })).toBeNull();
    const submit = within(dialog).getByRole('button', { name: 'Request My Free Estimate' });
    expect(submit.getAttribute('aria-describedby')).not.toBeNull();
    within(dialog).getByText(/No payment is taken for an estimate/);
    fireEvent.click(submit);
    await screen.findByText(BookingMessages.estimateThanks);
    const sent = upload.mock.calls[0]?.[1];
    expect(sent instanceof FormData ? sent.get('details') : null).toBe(
      'A 12 x 16 ft cedar deck, two steps down to the lawn.',
    );
    // The reference is on the page, not only in an email.
    within(screen.getByRole('region', { name: 'Thank you!' })).getByText('HS-1234');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(document.body.classList.contains('modal-open')).toBe(false);
  });

  it('sends the browser to the checkout page when Stripe has no publishable key', async () => {
    const calls = stubPageApi({
      'GET /api/payments/config': () =>
        jsonResponse(200, { provider: 'stripe', publishableKey: null, currency: 'cad' }),
      'POST /api/payments/checkout': () =>
        jsonResponse(200, { url: 'https://checkout.example/s/1' }),
    });
    upload.mockResolvedValue({
      booking: bookingView(),
      token: BOOKING_TOKEN,
      message: BookingMessages.created,
    });
    const { redirect } = renderPage();
    const dialog = await openForm();
    fillForm(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => {
      expect(redirect).toHaveBeenCalledWith('https://checkout.example/s/1');
    });
    expect(calls.find((call) => call.path === '/api/payments/checkout')?.body).toEqual({
      bookingId: 'a'.repeat(32),
      token: BOOKING_TOKEN,
      amount: 14_900,
      email: 'ada@example.com',
    });
  });

  it('says online payment is not set up when there is no provider', async () => {
    stubPageApi({
      'GET /api/payments/config': () =>
        jsonResponse(200, { provider: 'none', publishableKey: null, currency: 'cad' }),
    });
    upload.mockResolvedValue({
      booking: bookingView(),
      token: BOOKING_TOKEN,
      message: BookingMessages.created,
    });
    renderPage();
    const dialog = await openForm();
    fillForm(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByText(PaymentMessages.notSetUp);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});

describe('the payment modal', () => {
  async function openPayment(answers: Record<string, Answer> = {}) {
    const calls = stubPageApi(answers);
    upload.mockResolvedValue({
      booking: bookingView(),
      token: BOOKING_TOKEN,
      message: BookingMessages.created,
    });
    const { redirect } = renderPage();
    const form = await openForm();
    fillForm(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Continue to Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    return { calls, dialog, modal: within(dialog), redirect };
  }

  function fillCard(dialog: HTMLElement, number: string) {
    const modal = within(dialog);
    fireEvent.change(modal.getByLabelText('Card Number'), { target: { value: number } });
    fireEvent.change(modal.getByLabelText('Expiry Date (MM/YY)'), { target: { value: '12/99' } });
    fireEvent.change(modal.getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.change(modal.getByLabelText('Name on Card'), { target: { value: 'Ada Lovelace' } });
  }

  it('shows the order summary and the two payment tabs', async () => {
    const { dialog, modal } = await openPayment();
    const summary = dialog.querySelector('dl')?.textContent ?? '';
    expect(summary).toContain('Garden Maintenance');
    expect(summary).toContain('One-time Visit - $149');
    expect(summary).toContain('Morning (8am-12pm)');
    expect(summary).toContain('$149');
    expect(modal.getByRole('tab', { name: 'Credit Card' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    fireEvent.click(modal.getByRole('tab', { name: 'PayPal' }));
    expect(modal.getByRole('tabpanel', { name: 'PayPal' }).textContent).toContain(
      'Please pay with a credit card.',
    );
    fireEvent.keyDown(modal.getByRole('tab', { name: 'PayPal' }), { key: 'ArrowLeft' });
    expect(modal.getByRole('tab', { name: 'Credit Card' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    modal.getByText('Your payment is protected with SSL encryption.');
  });

  it('checks the card with the card rules', async () => {
    const { calls, dialog, modal } = await openPayment();
    fireEvent.click(modal.getByRole('button', { name: 'Confirm Payment' }));
    modal.getByText(CardMessages.number);
    modal.getByText(CardMessages.expiry);
    modal.getByText(CardMessages.cvv);
    modal.getByText(CardMessages.name);
    fireEvent.change(modal.getByLabelText('Expiry Date (MM/YY)'), { target: { value: '01/20' } });
    fireEvent.click(modal.getByRole('button', { name: 'Confirm Payment' }));
    modal.getByText(CardMessages.expired);
    fillCard(dialog, '1234 5678 9012 3456');
    fireEvent.click(modal.getByRole('button', { name: 'Confirm Payment' }));
    modal.getByText(CardMessages.notATestCard);
    expect(calls.some((call) => call.path === '/api/payments')).toBe(false);
  });

  it('says Payment failed on a decline and stays open', async () => {
    const { dialog, modal } = await openPayment({
      'POST /api/payments': () =>
        jsonResponse(402, {
          error: PaymentMessages.failed,
          message: PaymentMessages.failed,
          reason: 'Your card was declined.',
        }),
    });
    fillCard(dialog, '4000 0000 0000 0002');
    fireEvent.click(modal.getByRole('button', { name: 'Confirm Payment' }));
    const alert = await modal.findByRole('alert');
    expect(alert.textContent).toBe(`${PaymentMessages.failed} Your card was declined.`);
    screen.getByRole('dialog', { name: 'Complete Your Payment' });
  });

  it('goes Back to the form with its values kept', async () => {
    const { modal } = await openPayment();
    fireEvent.click(modal.getByRole('button', { name: 'Back' }));
    const form = screen.getByRole('dialog', { name: 'Book Your Service' });
    expect(valueOf(within(form).getByLabelText('Email Address'))).toBe('ada@example.com');
  });

  it('writes the expiry as MM/YY as it is typed', async () => {
    const { modal } = await openPayment();
    const expiry = modal.getByLabelText('Expiry Date (MM/YY)');
    fireEvent.change(expiry, { target: { value: '1229' } });
    expect(valueOf(expiry)).toBe('12/29');
  });

  it('confirms the payment with a token, not the card number, and closes everything', async () => {
    const { calls, dialog, modal } = await openPayment({
      'POST /api/payments': () =>
        jsonResponse(200, { status: 'succeeded', message: 'Payment received.' }),
    });
    fillCard(dialog, '4242 4242 4242 4242');
    fireEvent.click(modal.getByRole('button', { name: 'Confirm Payment' }));
    await screen.findByText(PaymentMessages.confirmed('Garden Maintenance', 'ada@example.com'));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(calls.find((call) => call.path === '/api/payments')?.body).toEqual({
      bookingId: 'a'.repeat(32),
      token: BOOKING_TOKEN,
      amount: 14_900,
      customerEmail: 'ada@example.com',
      paymentMethodId: 'pm_card_visa',
      paymentMethod: 'card',
    });
    // In the page, where the focus is, with the reference and the booking's own page.
    const result = screen.getByRole('region', { name: 'Thank you!' });
    await waitFor(() => {
      expect(document.activeElement).toBe(result);
    });
    within(result).getByText('HS-1234');
    expect(
      within(result).getByRole('link', { name: 'See or change your booking' }).getAttribute('href'),
    ).toBe(`/bookings/manage?booking=${'a'.repeat(32)}&token=${BOOKING_TOKEN}`);
  });

  it('keeps a booking left unpaid within reach: the page offers Pay now and Cancel', async () => {
    const { calls, modal } = await openPayment({
      'POST /api/bookings/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/payment-left': () =>
        jsonResponse(202, { ok: true }),
      'POST /api/bookings/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/cancel': () =>
        jsonResponse(200, {
          booking: bookingView({ status: 'cancelled' }),
          message: BookingMessages.cancelled,
        }),
    });
    fireEvent.click(modal.getByRole('button', { name: 'Close' }));
    const result = await screen.findByRole('region', { name: 'Your booking is not paid yet' });
    within(result).getByText('HS-1234');
    await waitFor(() => {
      expect(calls.filter((call) => call.path.endsWith('/payment-left'))).toHaveLength(1);
    });
    // Pay now opens the payment again, for the same booking.
    fireEvent.click(within(result).getByRole('button', { name: 'Pay now' }));
    const again = await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    fireEvent.click(within(again).getByRole('button', { name: 'Close' }));
    const left = await screen.findByRole('region', { name: 'Your booking is not paid yet' });
    // Cancel asks first, then frees the place.
    fireEvent.click(within(left).getByRole('button', { name: 'Cancel booking' }));
    fireEvent.click(within(left).getByRole('button', { name: 'Yes, cancel it' }));
    await screen.findByText(BookingMessages.cancelled);
    expect(calls.find((call) => call.path.endsWith('/cancel'))?.body).toEqual({
      token: BOOKING_TOKEN,
    });
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('offers the secure checkout page instead', async () => {
    const { modal, redirect } = await openPayment({
      'POST /api/payments/checkout': () =>
        jsonResponse(200, { url: 'https://checkout.example/s/2' }),
    });
    fireEvent.click(modal.getByRole('button', { name: 'Pay on a secure checkout page instead' }));
    await waitFor(() => {
      expect(redirect).toHaveBeenCalledWith('https://checkout.example/s/2');
    });
  });
});

describe('the payment modal with Stripe Elements', () => {
  const stripeSetup = () =>
    jsonResponse(200, { provider: 'stripe', publishableKey: 'pk_test_123', currency: 'cad' });

  function fakeStripe(answers: { paymentMethodId?: string; nextActionError?: string } = {}) {
    const card = {
      mount: vi.fn(),
      on: vi.fn(),
      destroy: vi.fn(),
      focus: vi.fn(),
    };
    const stripe = {
      elements: vi.fn(() => ({ create: vi.fn(() => card) })),
      createPaymentMethod: vi.fn(() =>
        Promise.resolve({ paymentMethod: { id: answers.paymentMethodId ?? 'pm_from_elements' } }),
      ),
      handleNextAction: vi.fn(() =>
        Promise.resolve(
          answers.nextActionError === undefined
            ? { paymentIntent: { status: 'succeeded' } }
            : { error: { message: answers.nextActionError } },
        ),
      ),
    };
    loadStripe.mockResolvedValue(stripe as unknown as Awaited<ReturnType<typeof loadStripeOnce>>);
    return { stripe, card };
  }

  async function openStripePayment(answers: Record<string, Answer> = {}) {
    const calls = stubPageApi({ 'GET /api/payments/config': stripeSetup, ...answers });
    upload.mockResolvedValue({
      booking: bookingView(),
      token: BOOKING_TOKEN,
      message: BookingMessages.created,
    });
    renderPage();
    const form = await openForm();
    fillForm(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Continue to Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    const modal = within(dialog);
    await waitFor(() => {
      expect(
        modal.getByRole<HTMLButtonElement>('button', { name: 'Confirm Payment' }).disabled,
      ).toBe(false);
    });
    return { calls, modal };
  }

  it('mounts Stripe’s card field and pays with the token Stripe made', async () => {
    const { stripe, card } = fakeStripe();
    const { calls, modal } = await openStripePayment({
      'POST /api/payments': () => jsonResponse(200, { status: 'succeeded', message: 'ok' }),
    });
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(card.mount).toHaveBeenCalledTimes(1);
    modal.getByRole('group', { name: 'Card details' });
    expect(modal.queryByLabelText('Card Number')).toBeNull();

    fireEvent.click(modal.getByRole('button', { name: 'Confirm Payment' }));
    modal.getByText(CardMessages.name);
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();

    fireEvent.change(modal.getByLabelText('Name on Card'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(modal.getByRole('button', { name: 'Confirm Payment' }));
    await screen.findByText(PaymentMessages.confirmed('Garden Maintenance', 'ada@example.com'));
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card,
      billing_details: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    expect(calls.find((call) => call.path === '/api/payments')?.body).toMatchObject({
      paymentMethodId: 'pm_from_elements',
      amount: 14_900,
    });
    // The modal closes with the flow's history entries, a moment after the confirmation.
    await waitFor(() => {
      expect(card.destroy).toHaveBeenCalled();
    });
  });

  it('runs the bank’s check when the payment asks for it, and says why it failed', async () => {
    const { stripe } = fakeStripe({ nextActionError: 'We are unable to authenticate your card.' });
    const { modal } = await openStripePayment({
      'POST /api/payments': () =>
        jsonResponse(200, {
          status: 'requires_action',
          message: 'ok',
          clientSecret: 'pi_1_secret_2',
        }),
    });
    fireEvent.change(modal.getByLabelText('Name on Card'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(modal.getByRole('button', { name: 'Confirm Payment' }));
    const alert = await modal.findByRole('alert');
    expect(alert.textContent).toBe(
      `${PaymentMessages.failed} We are unable to authenticate your card.`,
    );
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2' });
  });

  it('steps out of the top layer while Stripe shows the bank’s check, and back after', async () => {
    const { stripe } = fakeStripe();
    let finishCheck = () => {};
    stripe.handleNextAction.mockReturnValue(
      new Promise((resolve) => {
        finishCheck = () => {
          resolve({ error: { message: 'We are unable to authenticate your card.' } });
        };
      }),
    );
    const { modal } = await openStripePayment({
      'POST /api/payments': () =>
        jsonResponse(200, {
          status: 'requires_action',
          message: 'ok',
          clientSecret: 'pi_1_secret_2',
        }),
    });
    const dialog = screen.getByRole('dialog', { name: 'Complete Your Payment' });
    const show = vi.spyOn(HTMLDialogElement.prototype, 'show');
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    fireEvent.change(modal.getByLabelText('Name on Card'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(modal.getByRole('button', { name: 'Confirm Payment' }));
    // Stripe's overlay is a plain element with a z-index: a modal dialog would cover it.
    await waitFor(() => {
      expect(show.mock.contexts).toEqual([dialog]);
    });
    expect(showModal).not.toHaveBeenCalled();
    finishCheck();
    await modal.findByRole('alert');
    // Back in the top layer once the check is over (an effect after the alert's render).
    await waitFor(() => {
      expect(showModal.mock.contexts).toEqual([dialog]);
    });
    expect(dialog).toHaveProperty('open', true);
  });

  it('says the card form could not load and leaves the checkout page as the way to pay', async () => {
    loadStripe.mockRejectedValue(new Error('offline'));
    stubPageApi({ 'GET /api/payments/config': stripeSetup });
    upload.mockResolvedValue({
      booking: bookingView(),
      token: BOOKING_TOKEN,
      message: BookingMessages.created,
    });
    renderPage();
    const form = await openForm();
    fillForm(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Continue to Payment' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Complete Your Payment' }));
    await modal.findByText(/The secure card form could not load/);
    expect(modal.getByRole<HTMLButtonElement>('button', { name: 'Confirm Payment' }).disabled).toBe(
      true,
    );
    modal.getByRole('button', { name: 'Pay on a secure checkout page instead' });
  });
});

describe('a Monthly Visit member', () => {
  const MEMBER_TOKEN = '1900000000.signature-of-the-link';
  const MEMBER_EMAIL = 'maya@example.com';
  const memberPage = `/service/service1?${new URLSearchParams({
    member: MEMBER_TOKEN,
    email: MEMBER_EMAIL,
  }).toString()}`;
  const NOTE =
    'Monthly Visit member discount: 10% off a one-time visit of another service, taken off before you pay (with the email address the link was sent to).';
  const TOGGLE = 'Monthly Visit member? Get 10% off';

  it("starts the form with the link's address, says what it gives and sends its token", async () => {
    stubPageApi();
    upload.mockResolvedValue({
      booking: bookingView(),
      token: BOOKING_TOKEN,
      message: BookingMessages.created,
    });
    renderPage(memberPage);
    const dialog = await openForm('Painting');
    expect(valueOf(within(dialog).getByLabelText('Email Address'))).toBe(MEMBER_EMAIL);
    within(dialog).getByText(NOTE);
    fillForm(dialog);
    fireEvent.change(within(dialog).getByLabelText('Email Address'), {
      target: { value: MEMBER_EMAIL },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    const form = upload.mock.calls[0]?.[1];
    expect(form?.get('member')).toBe(MEMBER_TOKEN);
    expect(form?.get('email')).toBe(MEMBER_EMAIL);
    // No price is sent or worked out here: the server prices the visit.
    expect(form?.has('amount')).toBe(false);
  });

  it('keeps the link for the next form, and says nothing of it for a plan', async () => {
    stubPageApi();
    renderPage(memberPage);
    let dialog = await openForm('Painting');
    fireEvent.change(within(dialog).getByLabelText('Email Address'), {
      target: { value: 'someone@example.com' },
    });
    fireEvent.keyDown(document, { key: 'Escape' });
    await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    dialog = await openForm('Painting', 'Monthly Visit');
    // What the visitor typed over the link's address stays theirs.
    expect(valueOf(within(dialog).getByLabelText('Email Address'))).toBe('someone@example.com');
    expect(within(dialog).queryByText(NOTE)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: TOGGLE })).toBeNull();
  });

  it('sends no member field and shows no note without the link', async () => {
    stubPageApi();
    upload.mockResolvedValue({
      booking: bookingView(),
      token: BOOKING_TOKEN,
      message: BookingMessages.created,
    });
    renderPage('/service/service1?member=only-a-token');
    const dialog = await openForm();
    expect(valueOf(within(dialog).getByLabelText('Email Address'))).toBe('');
    expect(within(dialog).queryByText(NOTE)).toBeNull();
    fillForm(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    expect(upload.mock.calls[0]?.[1].has('member')).toBe(false);
  });

  it("shows the server's discount in the payment summary and pays the discounted price", async () => {
    const calls = stubPageApi({
      'POST /api/payments': () => jsonResponse(200, { status: 'succeeded', message: 'ok' }),
    });
    upload.mockResolvedValue({
      booking: bookingView({
        service: 'Painting',
        serviceId: 'painting',
        amountCents: 13_410,
        discount: { percent: 10, fullPriceCents: 14_900 },
      }),
      token: BOOKING_TOKEN,
      message: BookingMessages.created,
    });
    renderPage(memberPage);
    const form = await openForm('Painting');
    fillForm(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Continue to Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    const summary = within(dialog);
    const fullPrice = summary.getByText('Full price').nextElementSibling;
    expect(fullPrice?.textContent).toBe('$149');
    expect(fullPrice?.querySelector('s')?.textContent).toBe('$149');
    expect(summary.getByText('Discount').nextElementSibling?.textContent).toBe(
      'Monthly Visit member: 10% off',
    );
    expect(summary.getByText('Total').nextElementSibling?.textContent).toBe('$134.10');

    fireEvent.change(summary.getByLabelText('Card Number'), {
      target: { value: '4242 4242 4242 4242' },
    });
    fireEvent.change(summary.getByLabelText('Expiry Date (MM/YY)'), { target: { value: '12/99' } });
    fireEvent.change(summary.getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.change(summary.getByLabelText('Name on Card'), { target: { value: 'Ada' } });
    fireEvent.click(summary.getByRole('button', { name: 'Confirm Payment' }));
    await waitFor(() => {
      expect(calls.find((call) => call.path === '/api/payments')?.body).toMatchObject({
        amount: 13_410,
      });
    });
  });

  it('shows no discount rows when the server gave none', async () => {
    stubPageApi();
    upload.mockResolvedValue({
      booking: bookingView(),
      token: BOOKING_TOKEN,
      message: BookingMessages.created,
    });
    renderPage(memberPage);
    const form = await openForm();
    fillForm(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Continue to Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    expect(within(dialog).queryByText('Full price')).toBeNull();
    expect(within(dialog).queryByText(/Monthly Visit member/)).toBeNull();
    expect(within(dialog).getByText('Total').nextElementSibling?.textContent).toBe('$149');
  });
});

describe('asking for the member link', () => {
  const TOGGLE = 'Monthly Visit member? Get 10% off';
  const LABEL = "Your plan's email address";

  async function openRequest() {
    const dialog = await openForm();
    const toggle = within(dialog).getByRole('button', { name: TOGGLE });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(dialog).queryByLabelText(LABEL)).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (panel === null) throw new Error('the disclosure controls no panel');
    return { dialog, panel: within(panel) };
  }

  it('posts the address, starting from the form’s, and says what the server answered', async () => {
    const calls = stubPageApi({
      'POST /api/plans/member-link': () =>
        jsonResponse(202, { message: PlanMessages.memberLinkSent }),
    });
    renderPage();
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Email Address'), {
      target: { value: 'maya@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: TOGGLE }));
    const email = within(dialog).getByLabelText(LABEL);
    expect(valueOf(email)).toBe('maya@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Email me the link' }));

    expect((await within(dialog).findByRole('status')).textContent).toBe(
      PlanMessages.memberLinkSent,
    );
    expect(
      calls
        .filter((call) => call.path === '/api/plans/member-link')
        .map(({ method, path, body }) => ({ method, path, body })),
    ).toEqual([
      { method: 'POST', path: '/api/plans/member-link', body: { email: 'maya@example.com' } },
    ]);
    // The request is its own form: the booking was not sent.
    expect(upload).not.toHaveBeenCalled();
  });

  it('marks the address the server refused (400)', async () => {
    stubPageApi({
      'POST /api/plans/member-link': () =>
        jsonResponse(400, {
          error: AuthMessages.invalidEmail,
          fields: { email: AuthMessages.invalidEmail },
        }),
    });
    renderPage();
    const { panel } = await openRequest();
    fireEvent.change(panel.getByLabelText(LABEL), { target: { value: 'maya@example.com' } });
    fireEvent.click(panel.getByRole('button', { name: 'Email me the link' }));

    expect((await panel.findByRole('alert')).textContent).toBe(AuthMessages.invalidEmail);
    const email = panel.getByLabelText(LABEL);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      AuthMessages.invalidEmail,
    );
  });

  it('says so when asked too often (429)', async () => {
    const tooMany = 'Too many requests. Please try again later.';
    stubPageApi({ 'POST /api/plans/member-link': () => jsonResponse(429, { error: tooMany }) });
    renderPage();
    const { panel } = await openRequest();
    fireEvent.change(panel.getByLabelText(LABEL), { target: { value: 'maya@example.com' } });
    fireEvent.click(panel.getByRole('button', { name: 'Email me the link' }));
    expect((await panel.findByRole('alert')).textContent).toBe(tooMany);
    expect(panel.getByLabelText(LABEL).getAttribute('aria-invalid')).toBe('false');
  });

  it('checks the address before sending anything', async () => {
    const calls = stubPageApi();
    renderPage();
    const { panel } = await openRequest();
    fireEvent.click(panel.getByRole('button', { name: 'Email me the link' }));
    const email = panel.getByLabelText(LABEL);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    panel.getByText('Email is required.');
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(panel.getByRole('button', { name: 'Email me the link' }));
    panel.getByText(AuthMessages.invalidEmail);
    expect(calls.some((call) => call.path === '/api/plans/member-link')).toBe(false);
  });

  it('is offered for a one-time visit only', async () => {
    stubPageApi();
    renderPage();
    let dialog = await openForm('Garden Maintenance', 'Monthly Visit');
    expect(within(dialog).queryByRole('button', { name: TOGGLE })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Choose Custom Estimate' }));
    dialog = screen.getByRole('dialog', { name: 'Request a Custom Estimate' });
    expect(within(dialog).queryByRole('button', { name: TOGGLE })).toBeNull();
  });
});

describe('the postal code', () => {
  /** The deployment's settings, serving Toronto's M areas as the default configuration does. */
  const siteConfig = () =>
    jsonResponse(200, {
      mapTileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
      mapAttribution: '',
      serviceAreas: ['M'],
    });
  const OUTSIDE = BookingMessages.outsideServiceArea('K1A');

  const postalCode = (dialog: HTMLElement) => within(dialog).getByLabelText('Postal Code');
  const submit = (dialog: HTMLElement) => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
  };
  const errorOf = (input: HTMLElement) =>
    document.getElementById(`${input.id}-error`)?.textContent ?? null;

  it('is asked for as a postal code, and required', async () => {
    stubPageApi({ 'GET /api/site-config': siteConfig });
    renderPage();
    const dialog = await openForm();
    const input = postalCode(dialog);
    expect(input.getAttribute('autocomplete')).toBe('postal-code');
    expect(input.getAttribute('inputmode')).toBe('text');
    expect(input.hasAttribute('required')).toBe(true);
    fillForm(dialog);
    fireEvent.change(input, { target: { value: '' } });
    // Leaving it blank is not scolded until the form is sent.
    fireEvent.blur(input);
    expect(errorOf(input)).toBeNull();
    submit(dialog);
    expect(errorOf(input)).toBe(BookingMessages.postalCodeRequired);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(`${input.id}-error`);
    expect(document.activeElement).toBe(input);
    expect(upload).not.toHaveBeenCalled();
  });

  it.each(['12345', 'D4W 1P8', 'M4W 1P', 'M4W1P8X'])(
    'says %j is no Canadian postal code as the field is left, and sends nothing',
    async (typed) => {
      stubPageApi({ 'GET /api/site-config': siteConfig });
      renderPage();
      const dialog = await openForm();
      fillForm(dialog);
      const input = postalCode(dialog);
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(errorOf(input)).toBe(BookingMessages.postalCodeFormat);
      expect(within(dialog).queryByRole('link', { name: 'Ask for an estimate' })).toBeNull();
      submit(dialog);
      expect(errorOf(input)).toBe(BookingMessages.postalCodeFormat);
      expect(upload).not.toHaveBeenCalled();
      // Typing again clears the error until the field is judged again.
      fireEvent.change(input, { target: { value: 'M4W 1P8' } });
      expect(errorOf(input)).toBeNull();
    },
  );

  it('says we do not serve an area outside ours, and links to the contact page', async () => {
    stubPageApi({ 'GET /api/site-config': siteConfig });
    renderPage();
    const dialog = await openForm();
    fillForm(dialog);
    const input = postalCode(dialog);
    fireEvent.change(input, { target: { value: 'k1a0b1' } });
    // The areas arrive with the site's settings; the field is judged against them once known.
    await waitFor(() => {
      fireEvent.blur(input);
      expect(errorOf(input)).toContain(OUTSIDE);
    });
    submit(dialog);
    expect(errorOf(input)).toContain(OUTSIDE);
    expect(upload).not.toHaveBeenCalled();
    const link = within(dialog).getByRole('link', { name: 'Ask for an estimate' });
    expect(link.getAttribute('href')).toBe('/contact');
    // The link is part of the error the field is described by.
    expect(document.getElementById(`${input.id}-error`)?.contains(link)).toBe(true);
    fireEvent.click(link);
    await screen.findByText('Contact page for Garden Maintenance');
    // What the form knew goes along: nothing is typed twice.
    expect(JSON.parse(screen.getByTestId('prefill').textContent)).toEqual({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '416-555-0199',
      message:
        'I would like an estimate for Garden Maintenance at 1 Yonge St, Toronto, K1A 0B1, which is outside your service area.',
    });
  });

  it("shows the API's refusal of an area the same way when the page could not check it", async () => {
    // No site settings (404): the page checks the format only and the API judges the area.
    stubPageApi();
    upload.mockRejectedValue(new ApiError(OUTSIDE, 400, { postalCode: OUTSIDE }));
    renderPage();
    const dialog = await openForm();
    fillForm(dialog);
    const input = postalCode(dialog);
    fireEvent.change(input, { target: { value: 'K1A 0B1' } });
    fireEvent.blur(input);
    expect(errorOf(input)).toBeNull();
    submit(dialog);
    await waitFor(() => {
      expect(errorOf(input)).toContain(OUTSIDE);
    });
    within(dialog).getByRole('link', { name: 'Ask for an estimate' });
  });

  it('takes a code of our area however it is typed, and sends it', async () => {
    stubPageApi({ 'GET /api/site-config': siteConfig });
    upload.mockResolvedValue({
      booking: bookingView(),
      token: BOOKING_TOKEN,
      message: BookingMessages.created,
    });
    renderPage();
    const dialog = await openForm();
    fillForm(dialog);
    const input = postalCode(dialog);
    // An outside code first, so the areas are known when ours is judged.
    fireEvent.change(input, { target: { value: 'K1A 0B1' } });
    await waitFor(() => {
      fireEvent.blur(input);
      expect(errorOf(input)).toContain(OUTSIDE);
    });
    fireEvent.change(input, { target: { value: ' m4w-1p8 ' } });
    fireEvent.blur(input);
    expect(errorOf(input)).toBeNull();
    submit(dialog);
    await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    const form = upload.mock.calls[0]?.[1];
    expect(form instanceof FormData ? form.get('postalCode') : null).toBe(' m4w-1p8 ');
  });
});
