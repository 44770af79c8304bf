import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub, jsonResponse } from '../../test-support/api-stub';
import { ContactPage } from './ContactPage';

// Leaflet needs a real layout engine; the map is checked in a browser instead.
vi.mock('./ContactMap', () => ({
  ContactMap: () => <div data-testid="contact-map" />,
}));

const api = createApiStub();

beforeEach(() => {
  api.install();
});

afterEach(() => {
  cleanup();
  api.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPage(state?: unknown) {
  renderWithQueryClient(
    <MemoryRouter initialEntries={[{ pathname: '/contact', state }]}>
      <ContactPage />
    </MemoryRouter>,
  );
  await screen.findByTestId('contact-map');
}

const form = () => screen.getByRole('form', { name: 'Write a Message' });
const field = (label: string) =>
  within(form()).getByLabelText<HTMLInputElement | HTMLTextAreaElement>(label);

const FILLED = {
  'Full name': 'Maya Singh',
  'Email address': 'maya@example.com',
  'Phone number': '416-555-0199',
  Subject: 'Spring clean-up',
  Message: 'Could you quote a spring clean-up for a small backyard?',
};

function fillIn(values: Record<string, string> = FILLED) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(field(label), { target: { value } });
  }
}

async function submit() {
  await act(async () => {
    fireEvent.submit(form());
    await Promise.resolve();
  });
}

function sentBody(): unknown {
  const [url, init] = api.fetch.mock.calls[0] ?? [];
  expect(url).toBe('/api/contact');
  expect(init?.method).toBe('POST');
  const body = init?.body;
  if (typeof body !== 'string') throw new Error('the request has no JSON body');
  return JSON.parse(body);
}

const valuesOnScreen = () =>
  Object.fromEntries(Object.keys(FILLED).map((l) => [l, field(l).value]));

describe('ContactPage (docs/product.md section 2)', () => {
  it('has the page heading, the map and the ways to reach us', async () => {
    await renderPage();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Contact us',
    ]);
    const details = screen.getByRole('region', { name: 'Get in Touch' });
    within(details).getByText(/1910 Eglinton Ave W/);
    expect(within(details).getByRole('link', { name: '(416) 555-0142' }).getAttribute('href')).toBe(
      'tel:+14165550142',
    );
    expect(
      within(details).getByRole('link', { name: 'hello@homeservices.ca' }).getAttribute('href'),
    ).toBe('mailto:hello@homeservices.ca');
    screen.getByRole('heading', { level: 2, name: 'Write a Message' });
    screen.getByText('Contact With Us');
  });

  it('holds the map’s place, caption included, until the map’s code is asked for', async () => {
    renderWithQueryClient(
      <MemoryRouter initialEntries={['/contact']}>
        <ContactPage />
      </MemoryRouter>,
    );
    // The map's code waits for the page's first paint: the place it will fill is held for it.
    expect(screen.queryByTestId('contact-map')).toBeNull();
    const placeholder = screen.getByText('Loading the map…').closest('figure');
    expect(placeholder?.querySelector('figcaption')?.textContent).toMatch(/^Our office: /);
    await screen.findByTestId('contact-map');
    expect(screen.queryByText('Loading the map…')).toBeNull();
  });

  it('starts from what the booking form knew when it sent the visitor here', async () => {
    await renderPage({
      service: 'Painting',
      prefill: {
        fullName: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: '416-555-0199',
        message: 'I would like an estimate for Painting at 1 Main St, Ottawa, K1A 0B1.',
        // Only the form's own text fields are taken, within their limits.
        subject: 'ignored',
        bio: 'ignored',
      },
    });
    expect(field('Full name').value).toBe('Ada Lovelace');
    expect(field('Email address').value).toBe('ada@example.com');
    expect(field('Phone number').value).toBe('416-555-0199');
    expect(field('Message').value).toBe(
      'I would like an estimate for Painting at 1 Main St, Ottawa, K1A 0B1.',
    );
    expect(field('Subject').value).not.toBe('ignored');
  });

  it('asks for all five fields, the e-mail as an email field', async () => {
    await renderPage();
    for (const label of Object.keys(FILLED)) expect(field(label).required, label).toBe(true);
    expect(field('Email address').getAttribute('type')).toBe('email');
    expect(field('Message').tagName).toBe('TEXTAREA');
  });
});

describe('the contact form (docs/product.md sections 4, 5 and 8)', () => {
  it('posts the message, shows the server’s message and clears the fields', async () => {
    api.fetch.mockResolvedValue(jsonResponse(201, { message: 'Thanks, we will be in touch.' }));
    await renderPage();
    fillIn();
    await submit();

    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Thanks, we will be in touch.',
    );
    expect(Object.values(valuesOnScreen())).toEqual(['', '', '', '', '']);
    expect(sentBody()).toEqual({
      fullName: 'Maya Singh',
      email: 'maya@example.com',
      phone: '416-555-0199',
      subject: 'Spring clean-up',
      message: 'Could you quote a spring clean-up for a small backyard?',
      website: '',
    });
  });

  it('says "Message sent successfully!" when the server gives no message', async () => {
    api.fetch.mockResolvedValue(new Response(null, { status: 204 }));
    await renderPage();
    fillIn();
    await submit();
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Message sent successfully!',
    );
  });

  it('keeps the values and marks the field the server refused', async () => {
    api.fetch.mockResolvedValue(
      jsonResponse(400, {
        error: 'Please enter a valid email.',
        fields: { email: 'Please enter a valid email.' },
      }),
    );
    await renderPage();
    fillIn();
    await submit();

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Please enter a valid email.',
    );
    expect(valuesOnScreen()).toEqual(FILLED);
    const email = field('Email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Please enter a valid email.');
    expect(field('Full name').getAttribute('aria-invalid')).toBe('false');
  });

  it('says "Failed to send message." when a refusal carries no error text', async () => {
    api.fetch.mockResolvedValue(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    await renderPage();
    fillIn();
    await submit();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Failed to send message.',
    );
    expect(valuesOnScreen()).toEqual(FILLED);
  });

  it('says something went wrong, and logs it, when the request cannot be made', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderPage();
    fillIn();
    await submit();

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Something went wrong while sending the message.',
    );
    expect(logged).toHaveBeenCalledTimes(1);
    expect(valuesOnScreen()).toEqual(FILLED);
    expect(
      within(form()).getByRole<HTMLButtonElement>('button', { name: 'Send Message' }).disabled,
    ).toBe(false);
  });

  it('disables the button while the message is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    api.fetch.mockReturnValue(
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
    );
    await renderPage();
    fillIn();
    await submit();
    expect(
      within(form()).getByRole<HTMLButtonElement>('button', { name: 'Sending…' }).disabled,
    ).toBe(true);
    await submit();
    expect(api.fetch).toHaveBeenCalledTimes(1);

    await act(async () => {
      answer(jsonResponse(201, { message: 'Message sent successfully!' }));
      await Promise.resolve();
    });
    await screen.findByRole('status');
  });

  it('starts the subject with the service the visitor came from and sends it along', async () => {
    api.fetch.mockResolvedValue(jsonResponse(201, { message: 'Message sent successfully!' }));
    await renderPage({ service: 'Painting' });
    expect(field('Subject').value).toBe('Booking enquiry: Painting');

    const { Subject: _subject, ...rest } = FILLED;
    fillIn(rest);
    await submit();
    await screen.findByRole('status');
    expect(sentBody()).toMatchObject({
      subject: 'Booking enquiry: Painting',
      service: 'Painting',
    });
    expect(field('Subject').value).toBe('');
  });

  it.each([[undefined], [null], ['Painting'], [{ service: 42 }], [{ service: '  ' }]])(
    'ignores navigation state that names no service (%j)',
    async (state) => {
      api.fetch.mockResolvedValue(jsonResponse(201, {}));
      await renderPage(state);
      expect(field('Subject').value).toBe('');
      fillIn();
      await submit();
      await screen.findByRole('status');
      expect(sentBody()).not.toHaveProperty('service');
    },
  );

  it('hides the honeypot field from people, keyboards and screen readers', async () => {
    await renderPage();
    const honeypot = form().querySelector<HTMLInputElement>('input[name="website"]');
    if (honeypot === null) throw new Error('the form has no honeypot field');
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.required).toBe(false);
    const wrapper = honeypot.closest('[aria-hidden="true"]');
    expect(wrapper?.classList.contains('visually-hidden')).toBe(true);
    // Testing Library's role queries see what assistive technology sees.
    const textboxes = within(form())
      .getAllByRole('textbox')
      .map((box) => box.getAttribute('name'));
    expect(textboxes).toEqual(['fullName', 'email', 'phone', 'subject', 'message']);
    expect(within(form()).queryByRole('textbox', { name: /leave this field empty/i })).toBeNull();
  });
});
