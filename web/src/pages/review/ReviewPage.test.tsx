import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { REVIEW_LIMITS, ReviewMessages } from '@hs/api/domain/review/review-messages';
import type { ReviewVisitView } from '@hs/api/domain/review/review-schema';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiStub, jsonResponse, stubApi } from '../../test-support/api-stub';
import { ReviewPage } from './ReviewPage';

const TOKEN = `${'a'.repeat(32)}.1900000000.signature`;

const visit: ReviewVisitView = {
  serviceId: 'painting',
  service: 'Painting',
  date: '2030-05-14',
  firstName: 'Maya',
  alreadyReviewed: false,
};

/** Answers the page's two calls, and records them. */
function stubReviewApi(answers: { visit?: () => Response; send?: () => Response } = {}): ApiStub {
  return stubApi({
    'GET /api/reviews/visit': () => answers.visit?.() ?? jsonResponse(200, visit),
    'POST /api/reviews': () =>
      answers.send?.() ?? jsonResponse(201, { message: ReviewMessages.thanks }),
  });
}

function renderAt(path = `/review?token=${encodeURIComponent(TOKEN)}`) {
  const router = createMemoryRouter([{ path: '/review', element: <ReviewPage /> }], {
    initialEntries: [path],
  });
  renderWithQueryClient(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReviewPage', () => {
  it('shows the visit the link proves, and a group of five real star radio buttons', async () => {
    const api = stubReviewApi();
    renderAt();
    await screen.findByText(`Your Painting visit on ${longDate('2030-05-14')}`);
    expect(api.calls()[0]?.url).toBe(`/api/reviews/visit?token=${encodeURIComponent(TOKEN)}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Review your visit' })).toBeDefined();
    const group = screen.getByRole('group', { name: 'How would you rate the visit?' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) {
      expect(within(group).getByRole('radio', { name })).toBeDefined();
    }
    expect(document.title).toContain('Review your visit');
  });

  it('counts the characters typed, against the limit', async () => {
    stubReviewApi();
    renderAt();
    const text = await screen.findByLabelText('Your review');
    expect(text.getAttribute('maxlength')).toBe(String(REVIEW_LIMITS.maxText));
    fireEvent.change(text, { target: { value: 'Lovely work' } });
    expect(screen.getByText(`11 of ${String(REVIEW_LIMITS.maxText)} characters`)).toBeDefined();
    expect(text.getAttribute('aria-describedby')).toContain(
      screen.getByText(`11 of ${String(REVIEW_LIMITS.maxText)} characters`).id,
    );
  });

  it('names every problem at once, focuses the first, and sends nothing', async () => {
    const api = stubReviewApi();
    renderAt();
    fireEvent.change(await screen.findByLabelText('Your review'), { target: { value: 'Good' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(screen.getByText(ReviewMessages.ratingRequired)).toBeDefined();
    expect(screen.getByText(ReviewMessages.textTooShort)).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the fields marked above.');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1 star' }));
    expect(screen.getByLabelText('Your review').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls().filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends the stars and the text as typed, then thanks the customer', async () => {
    const api = stubReviewApi();
    renderAt();
    const typed = 'Tidy <b>work</b> & a fresh-looking hallway.';
    fireEvent.click(await screen.findByRole('radio', { name: '5 stars' }));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my review' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Thank you!' });
    await waitFor(() => {
      expect(document.activeElement).toBe(heading);
    });
    expect(screen.getByRole('status').textContent).toBe(ReviewMessages.thanks);
    expect(screen.queryByRole('button', { name: 'Send my review' })).toBeNull();
    expect(api.calls().find((call) => call.method === 'POST')?.body).toEqual({
      token: TOKEN,
      rating: 5,
      text: typed,
    });
  });

  it.each([
    ['not valid', 404, ReviewMessages.linkInvalid],
    ['expired', 410, ReviewMessages.linkExpired],
    ['for a visit no longer done', 409, ReviewMessages.notReviewable],
  ])('says so when the link is %s, with no form', async (_, status, message) => {
    stubReviewApi({ visit: () => jsonResponse(status, { error: message, message }) });
    renderAt();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeDefined();
  });

  it('says a link without a token is not valid, without asking the API', () => {
    const api = stubReviewApi();
    renderAt('/review');
    expect(screen.getByRole('alert').textContent).toBe(ReviewMessages.linkInvalid);
    expect(api.calls()).toEqual([]);
  });

  it('thanks instead of asking again when the visit was reviewed already', async () => {
    stubReviewApi({ visit: () => jsonResponse(200, { ...visit, alreadyReviewed: true }) });
    renderAt();
    await screen.findByRole('heading', { level: 2, name: 'Already reviewed' });
    expect(screen.getByRole('status').textContent).toBe(ReviewMessages.alreadyReviewed);
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('shows the API’s refusal of a second review sent from another tab, by its code', async () => {
    // Other words than the page's own: the page decides on the code, never on the text.
    const message = 'This visit has its review.';
    stubReviewApi({
      send: () => jsonResponse(409, { error: message, code: 'review.already_reviewed', message }),
    });
    renderAt();
    fireEvent.click(await screen.findByRole('radio', { name: '4 stars' }));
    fireEvent.change(screen.getByLabelText('Your review'), {
      target: { value: 'A careful and friendly crew.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send my review' }));
    await screen.findByRole('heading', { level: 2, name: 'Already reviewed' });
  });

  it('offers to try again when the visit could not be loaded', async () => {
    let answer = () => jsonResponse(503, { error: 'The service is unavailable right now.' });
    stubReviewApi({ visit: () => answer() });
    renderAt();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    answer = () => jsonResponse(200, visit);
    fireEvent.click(retry);
    await screen.findByRole('group', { name: 'How would you rate the visit?' });
  });
});
