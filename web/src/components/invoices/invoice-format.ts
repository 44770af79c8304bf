import { formatCad } from '@hs/api/domain/booking/catalogue';
import { longDate } from '@hs/api/domain/calendar/toronto-date';

/** An amount of a document in dollars as the site writes prices ('$149', '$131.86'). */
export function invoiceMoney(cents: number): string {
  return cents < 0 ? `-${formatCad(-cents)}` : formatCad(cents);
}

/** A document's day of issue (YYYY-MM-DD, Toronto's) as people read it. */
export function issueDateLabel(issueDate: string): string {
  return longDate(issueDate);
}
