import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub, jsonResponse } from '../test-support/api-stub';
import { NewsletterForm } from './NewsletterForm';

const api = createApiStub();

beforeEach(() => {
  api.install();
});

afterEach(() => {
  cleanup();
  api.reset();
  vi.unstubAllGlobals();
});

const input = () => screen.getByLabelText<HTMLInputElement>('Email address');
const button = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Subscribe' });

async function submit(email: string) {
  render(<NewsletterForm />);
  fireEvent.change(input(), { target: { value: email } });
  // Submitting the form itself, as a browser does once its own checks of type=email pass.
  const form = input().closest('form');
  if (form === null) throw new Error('the input is not in a form');
  await act(async () => {
    fireEvent.submit(form);
    await Promise.resolve();
  });
}

describe('NewsletterForm (docs/product.md sections 4 and 8)', () => {
  it('starts with an email field, a Subscribe button and no message', () => {
    render(<NewsletterForm />);
    expect(input().type).toBe('email');
    expect(button().disabled).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an empty address without calling the API', async () => {
    await submit('   ');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email.');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('refuses an untouched field when the button is pressed', () => {
    render(<NewsletterForm />);
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email.');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of a malformed address', async () => {
    api.fetch.mockResolvedValue(jsonResponse(400, { error: 'Please enter a valid email.' }));
    await submit('not-an-email');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email.');
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it('posts the address, shows the server’s msg and clears the field', async () => {
    api.fetch.mockResolvedValue(jsonResponse(200, { msg: 'Please check your inbox.' }));
    await submit(' reader@example.com ');

    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Please check your inbox.',
    );
    expect(input().value).toBe('');
    expect(input().getAttribute('aria-invalid')).toBe('false');
    expect(api.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = api.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/subscribe');
    expect(init?.method).toBe('POST');
    const body = init?.body;
    if (typeof body !== 'string') throw new Error('the request has no JSON body');
    expect(JSON.parse(body)).toEqual({ email: 'reader@example.com' });
  });

  it('disables the button while the request is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    api.fetch.mockReturnValue(
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
    );
    await submit('reader@example.com');
    const sending = screen.getByRole<HTMLButtonElement>('button', { name: 'Subscribing…' });
    expect(sending.disabled).toBe(true);

    await act(async () => {
      answer(jsonResponse(200, { msg: 'Thanks!' }));
      await Promise.resolve();
    });
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Thanks!');
    expect(button().disabled).toBe(false);
  });

  it('shows the server’s error text when it refuses', async () => {
    api.fetch.mockResolvedValue(jsonResponse(429, { error: 'Too many attempts.' }));
    await submit('reader@example.com');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Too many attempts.');
    expect(input().value).toBe('reader@example.com');
  });

  it('says "Something went wrong" when a refusal carries no error text', async () => {
    api.fetch.mockResolvedValue(jsonResponse(500, {}));
    await submit('reader@example.com');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Something went wrong');
  });

  it('says "Something went wrong" when a refusal is not even JSON', async () => {
    api.fetch.mockResolvedValue(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    await submit('reader@example.com');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Something went wrong');
  });

  it('says the server could not be reached when the request fails', async () => {
    api.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await submit('reader@example.com');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Server error. Try again later.',
    );
    expect(input().value).toBe('reader@example.com');
    expect(button().disabled).toBe(false);
  });
});
