import { useMutation } from '@tanstack/react-query';
import type { ManagedBookingView } from '@hs/api/domain/booking/booking-schema';
import { useId } from 'react';
import type { BookingLink } from '../../api/bookings-api';
import { startCheckout } from '../../api/payments-api';
import type { Redirect } from '../../app/redirect';
import { bookingPageContent as copy } from '../../content/site-content';

interface PayBookingProps {
  readonly booking: ManagedBookingView;
  readonly link: BookingLink;
  /** The email's Pay now link opened the page: the button takes the focus. */
  readonly asked: boolean;
  readonly redirect: Redirect;
  readonly onFailed: (message: string) => void;
}

/**
 * Pay now, for a booking still waiting for its money: the provider's payment page, as the
 * services page opens it, with this page's proof (the link's token or the owner's login).
 */
export function PayBooking({ booking, link, asked, redirect, onFailed }: PayBookingProps) {
  const id = useId();
  const checkout = useMutation({ mutationFn: startCheckout });
  // Once the provider's page is known, the browser is on its way there.
  const busy = checkout.isPending || checkout.isSuccess;
  const pay = () => {
    checkout.mutate(
      {
        bookingId: booking.id,
        amount: booking.amountCents ?? 0,
        email: booking.email,
        ...(link.token === null ? { login: link.login ?? null } : { token: link.token }),
      },
      {
        onSuccess: (url) => {
          redirect(url);
        },
        onError: (error) => {
          onFailed(error instanceof Error ? error.message : copy.paymentFailed);
        },
      },
    );
  };
  return (
    <section className="manage-booking__panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{copy.payHeading}</h2>
      <p>{copy.payNote}</p>
      <button type="button" className="button" onClick={pay} disabled={busy} autoFocus={asked}>
        {busy ? copy.paying : copy.payButton}
      </button>
    </section>
  );
}
