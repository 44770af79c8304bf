import { BookingMessages } from '@hs/api/domain/booking/booking-schema';
import { CUSTOM_ESTIMATE, PLANS, SERVICES, type Plan } from '@hs/api/domain/booking/catalogue';
import { addDays, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi as installApi } from '../../test-support/api-stub';
import { ApiError } from '../../api/api-client';
import { uploadForm } from '../../api/upload';
import { BookingFlow } from './BookingFlow';
import type { BookingStep } from './booking-step';

vi.mock('../../api/upload', () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);

function find<T>(items: readonly T[], match: (item: T) => boolean): T {
  const found = items.find(match);
  if (found === undefined) throw new Error('no such item');
  return found;
}

const painting = find(SERVICES, (service) => service.id === 'painting');
const oneTime = find(PLANS, (plan) => plan.id === 'one-time');
const estimate = find(PLANS, (plan) => plan.id === CUSTOM_ESTIMATE);

/** A day the API says we are closed, and an open one: any dates will do, the API decides. */
const christmas = addDays(todayInToronto(), 10);
const openDay = addDays(todayInToronto(), 8);
const CLOSED_ERROR = 'Closed: Christmas Day. Please choose another date.';

/** The availability of one day as the API answers it: closed with its reason, or open. */
function dayOf(date: string) {
  return date === christmas
    ? {
        date,
        windows: { morning: 0, afternoon: 0, evening: 0 },
        closed: ['morning', 'afternoon', 'evening'],
        closedReason: 'Christmas Day',
      }
    : { date, windows: { morning: 2, afternoon: 2, evening: 2 }, closed: [] };
}

function stubApi() {
  installApi({
    'GET /api/availability': ({ query }) =>
      jsonResponse(200, { capacity: 3, days: [dayOf(query.get('from') ?? '')] }),
  });
}

function Flow({ plan }: { plan: Plan }) {
  const [step, setStep] = useState<BookingStep>({
    kind: 'form',
    service: painting,
    plan,
    viaPlans: false,
  });
  return (
    <BookingFlow
      step={step}
      onStep={setStep}
      onBack={vi.fn()}
      plans={PLANS}
      onNotice={vi.fn()}
      redirect={vi.fn()}
    />
  );
}

/** The form filled in as a visitor would, with `date` as the preferred date. */
function openForm(date: string, plan: Plan = oneTime) {
  renderWithQueryClient(<Flow plan={plan} />);
  const dialog = screen.getByRole('dialog');
  const form = within(dialog);
  fireEvent.change(form.getByLabelText('Full Name'), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(form.getByLabelText('Phone Number'), { target: { value: '416-555-0199' } });
  fireEvent.change(form.getByLabelText('Email Address'), { target: { value: 'ada@example.com' } });
  fireEvent.change(form.getByLabelText('Service Address'), {
    target: { value: '1 Yonge St, Toronto' },
  });
  fireEvent.change(form.getByLabelText('Postal Code'), { target: { value: 'M5E 1W7' } });
  fireEvent.change(form.getByLabelText('Preferred Date'), { target: { value: date } });
  return { dialog, form, dateField: form.getByLabelText('Preferred Date') };
}

function optionTexts(select: HTMLElement): { text: string | null; disabled: boolean }[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => ({
      text: option.textContent,
      disabled: option instanceof HTMLOptionElement && option.disabled,
    }));
}

const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

beforeEach(() => {
  upload.mockReset();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the booking form on a day we are closed', () => {
  it('says why at the date field as soon as the day is chosen, and offers no window of it', async () => {
    stubApi();
    const { form, dateField } = openForm(christmas);
    await form.findByText(CLOSED_ERROR);
    expect(dateField.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(dateField)).toBe(CLOSED_ERROR);
    // In a live region that was there before the error came, so that it is read out.
    expect(form.getByText(CLOSED_ERROR).parentElement?.getAttribute('aria-live')).toBe('polite');
    expect(optionTexts(form.getByLabelText('Preferred Time'))).toEqual([
      { text: 'Morning (8am-12pm) (closed)', disabled: true },
      { text: 'Afternoon (12pm-4pm) (closed)', disabled: true },
      { text: 'Evening (4pm-8pm) (closed)', disabled: true },
    ]);
  });

  it('refuses to send it, with the error on the date field and the focus there', async () => {
    stubApi();
    const { form, dateField } = openForm(christmas);
    await form.findByText(CLOSED_ERROR);
    form.getByLabelText('Full Name').focus();
    fireEvent.click(form.getByRole('button', { name: 'Continue to Payment' }));
    expect(document.activeElement).toBe(dateField);
    expect(form.getAllByText(CLOSED_ERROR)).toHaveLength(1);
    // The day is the date's fault, not the window's: the time field says nothing.
    expect(form.getByLabelText('Preferred Time').getAttribute('aria-invalid')).toBe('false');
    expect(upload).not.toHaveBeenCalled();
  });

  it('clears the error once an open day is chosen, and then sends the form', async () => {
    stubApi();
    upload.mockReturnValue(new Promise(() => {}));
    const { form, dateField } = openForm(christmas);
    await form.findByText(CLOSED_ERROR);
    fireEvent.click(form.getByRole('button', { name: 'Continue to Payment' }));

    fireEvent.change(dateField, { target: { value: openDay } });
    await waitFor(() => {
      expect(form.queryByText(CLOSED_ERROR)).toBeNull();
    });
    expect(dateField.getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => {
      expect(optionTexts(form.getByLabelText('Preferred Time'))).toEqual([
        { text: 'Morning (8am-12pm)', disabled: false },
        { text: 'Afternoon (12pm-4pm)', disabled: false },
        { text: 'Evening (4pm-8pm)', disabled: false },
      ]);
    });
    fireEvent.click(form.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => {
      expect(upload).toHaveBeenCalledTimes(1);
    });
    expect((upload.mock.calls[0]?.[1] as FormData).get('date')).toBe(openDay);
  });

  it('refuses the preferred day of a Custom Estimate too, which takes no place', async () => {
    stubApi();
    const { form, dateField } = openForm(christmas, estimate);
    await form.findByText(CLOSED_ERROR);
    fireEvent.click(form.getByRole('button', { name: 'Request My Free Estimate' }));
    expect(document.activeElement).toBe(dateField);
    expect(upload).not.toHaveBeenCalled();
  });

  it("puts the API's refusal of a closed day on the date field when the page did not know", async () => {
    // The availability could not be read: the form lets the day through, and the API refuses it.
    installApi({ '*': () => jsonResponse(503, { error: BookingMessages.unavailable }) });
    const refusal = BookingMessages.dayClosed(christmas, 'Snowstorm');
    upload.mockRejectedValue(new ApiError(refusal, 400, { date: refusal }));
    const { form, dateField } = openForm(christmas);
    fireEvent.click(form.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => {
      expect(dateField.getAttribute('aria-invalid')).toBe('true');
    });
    expect(describedBy(dateField)).toBe(refusal);
    expect(form.getByRole('alert').textContent).toBe(`${BookingMessages.failed}: ${refusal}`);
  });
});
