import type { AdminBookingView } from '@hs/api/domain/admin/admin-views';
import type { BookingStatus } from '@hs/api/domain/booking/booking-status';
import { CUSTOM_ESTIMATE } from '@hs/api/domain/booking/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { createQuote, QuoteExistsError, quoteKeys } from '../../../api/admin-quotes-api';
import { type QuoteNavigationState, quoteSearch } from './quote-address';
import { type AdminSession, failureText, reportDenial } from '../use-admin-data';
import { writeQuoteContent as copy } from './quotes-content';

/** An estimate request's states in which a quote may be written for it. */
const QUOTABLE: readonly BookingStatus[] = ['estimate_requested', 'estimate_scheduled', 'done'];

/** A custom estimate's request that may get a quote (the API has the last word: 400 or 409). */
export function isQuotableEstimate(booking: AdminBookingView): boolean {
  return booking.planId === CUSTOM_ESTIMATE && QUOTABLE.includes(booking.status);
}

/**
 * "Write a quote" on an estimate request: a new draft, opened in the Quotes tab. When the
 * estimate has one already, the API's 409 names it and the tab opens it, saying so; a 409 that
 * names none, and any other refusal, is said in the Bookings tab.
 */
export function WriteQuoteButton({
  session,
  booking,
  onFailed,
}: {
  readonly session: AdminSession;
  readonly booking: AdminBookingView;
  readonly onFailed: (message: string) => void;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const create = useMutation({ mutationFn: () => createQuote(session.token, booking.id) });

  const write = () => {
    create.mutate(undefined, {
      onSuccess: (quote) => {
        client.setQueryData(quoteKeys.one(session.token, quote.id), quote);
        void client.invalidateQueries({ queryKey: quoteKeys.lists(session.token) });
        void navigate(
          { search: quoteSearch(quote.id) },
          {
            state: {
              notice: copy.created(quote.number, booking.reference),
              tone: 'success',
            } satisfies QuoteNavigationState,
          },
        );
      },
      onError: (error) => {
        if (reportDenial(session, error)) return;
        if (error instanceof QuoteExistsError && error.quoteId !== null) {
          void navigate(
            { search: quoteSearch(error.quoteId) },
            { state: { notice: error.message, tone: 'info' } satisfies QuoteNavigationState },
          );
          return;
        }
        onFailed(`${booking.reference}: ${failureText(error)}`);
      },
    });
  };

  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={create.isPending}
      aria-label={create.isPending ? copy.writing : copy.writeFor(booking.reference)}
      onClick={write}
    >
      {create.isPending ? copy.writing : copy.write}
    </button>
  );
}
