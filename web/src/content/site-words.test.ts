import { SERVICES } from '@hs/api/domain/booking/catalogue';
import { describe, expect, it } from 'vitest';
import { serviceForQuery } from '../app/service-query';
import { profileContent } from './account-content';
import { reviewPageContent } from './review-content';
import { managePlanCopy, serviceTag } from './services-content';
import { bookingPageContent, torontoMoment } from './site-content';

describe('the site’s words', () => {
  it.each([
    ['2030-05-13T12:00:00Z', 'Monday, May 13, 2030 at 8:00 a.m.'],
    ['2030-05-13T16:00:00Z', 'Monday, May 13, 2030 at 12:00 p.m.'],
  ])('ends a sentence once when a moment ends it with a.m. or p.m. (%s)', (instant, moment) => {
    expect(torontoMoment(instant)).toBe(moment);
    const said = bookingPageContent.moveKeepsDeadline(torontoMoment(instant));
    expect(said).toBe(
      `Moving your visit does not move the refund deadline: a cancellation is refunded only until ${moment}`,
    );
    expect(said).not.toMatch(/\.\.$/);
  });

  it('still ends a sentence with a full stop when the moment does not', () => {
    expect(bookingPageContent.moveKeepsDeadline('Tuesday')).toMatch(/until Tuesday\.$/);
  });

  it('points at the fields where the form shows them: above its summary, which sits under them', () => {
    // The profile's and the review's summaries are said under the fields, beside their buttons.
    expect(profileContent.fixErrors).toBe('Please correct the fields marked above.');
    expect(reviewPageContent.fixErrors).toBe('Please correct the fields marked above.');
  });

  it('says the real rule of moving a plan’s visit: within its plan month, not the calendar’s', () => {
    // api/src/domain/subscription/visit-schedule.ts: a period runs from the day the plan renews to
    // the day before the next renewal (Dec 7 to Jan 6), whatever the calendar month.
    expect(managePlanCopy.moveNote).not.toMatch(/same month/);
    expect(managePlanCopy.moveNote).toBe(
      'A visit of your plan can move to another day of its plan month, which runs until the day before your plan renews.',
    );
  });

  it('tags every service with words that describe it; its keyword still opens it', () => {
    for (const service of SERVICES) {
      const tag = serviceTag(service);
      expect(tag, service.title).not.toBe('');
      expect(tag.toLowerCase(), service.title).not.toBe(service.keyword);
    }
    // The keywords of ?service= links keep working: the first service with it, as before.
    expect(serviceForQuery(SERVICES, 'furniture')?.title).toBe('Painting');
    expect(serviceForQuery(SERVICES, 'pruning')?.title).toBe('Snow Removal');
    expect(serviceForQuery(SERVICES, 'house')?.title).toBe('House/Office Cleaning');
    expect(serviceForQuery(SERVICES, 'seasonal-cleaning')?.title).toBe('Seasonal Cleaning');
    expect(serviceForQuery(SERVICES, 'no-such-service')).toBeUndefined();
    expect(serviceForQuery(SERVICES, null)).toBeUndefined();
  });
});
