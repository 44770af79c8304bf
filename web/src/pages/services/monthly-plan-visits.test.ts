import { BookingMessages, timeLabel } from '@hs/api/domain/booking/booking-schema';
import type { MonthlyPlanPreview } from '@hs/api/domain/subscription/visit-schedule';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, withField, withVisitChoice } from './booking-draft';
import { checkPlanVisits, visitRows } from './monthly-plan-visits';
import { monthlyVisitsCopy } from '../../content/services-content';

const free = (date: string) => ({
  date,
  time: 'morning' as const,
  available: true,
  alternatives: [],
});

function preview(visits: MonthlyPlanPreview['visits']): MonthlyPlanPreview {
  return { rule: 'rule', periodStart: '2030-03-05', renewsOn: '2030-04-05', visits };
}

const fullThird = preview([
  free('2030-03-05'),
  free('2030-03-12'),
  {
    date: '2030-03-19',
    time: 'morning',
    available: false,
    alternatives: [
      { date: '2030-03-20', time: 'afternoon' },
      { date: '2030-03-18', time: 'evening' },
    ],
  },
  free('2030-03-26'),
]);

describe('checkPlanVisits', () => {
  it('books the rule as it is when every window has a place', () => {
    expect(
      checkPlanVisits(
        preview(['2030-03-05', '2030-03-12', '2030-03-19', '2030-03-26'].map(free)),
        {},
      ),
    ).toEqual({
      ok: true,
      visits: '2030-03-05:morning,2030-03-12:morning,2030-03-19:morning,2030-03-26:morning',
    });
  });

  it('puts the window chosen in place of the full one', () => {
    expect(checkPlanVisits(fullThird, { '2030-03-19': '2030-03-18:evening' })).toEqual({
      ok: true,
      visits: '2030-03-05:morning,2030-03-12:morning,2030-03-18:evening,2030-03-26:morning',
    });
  });

  it('asks again for a choice the preview no longer offers', () => {
    const choices = { '2030-03-19': '2030-03-21:morning' };
    expect(visitRows(fullThird, choices)[2]).toMatchObject({ kind: 'choose', chosen: null });
    expect(checkPlanVisits(fullThird, choices)).toEqual({
      ok: false,
      fields: { visits: monthlyVisitsCopy.chooseRequired },
    });
  });

  it('sends a full first visit back to the date and time, which only they can change', () => {
    const [, ...rest] = fullThird.visits;
    const firstFull = preview([
      {
        date: '2030-03-05',
        time: 'morning',
        available: false,
        alternatives: [{ date: '2030-03-06', time: 'morning' }],
      },
      ...rest,
    ]);
    expect(visitRows(firstFull, {})[0]?.kind).toBe('first-full');
    expect(checkPlanVisits(firstFull, { '2030-03-19': '2030-03-20:afternoon' })).toEqual({
      ok: false,
      fields: { time: BookingMessages.windowFull('2030-03-05', timeLabel('morning')) },
    });
  });
});

describe('the draft', () => {
  it('forgets the visits chosen when the date or time makes another plan', () => {
    const chosen = withVisitChoice(EMPTY_DRAFT, '2030-03-19', '2030-03-20:afternoon');
    expect(withField(chosen, 'name', 'Ada').visitChoices).toEqual({
      '2030-03-19': '2030-03-20:afternoon',
    });
    expect(withField(chosen, 'date', '2030-03-06').visitChoices).toEqual({});
    expect(withField(chosen, 'time', 'evening').visitChoices).toEqual({});
  });
});
