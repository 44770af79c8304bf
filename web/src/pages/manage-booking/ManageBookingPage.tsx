import type { ManagedBookingView, MonthlyPlanView } from '@hs/api/domain/booking/booking-schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import { AWAITING_PAYMENT } from '@hs/api/domain/booking/booking-status';
import {
  fetchManagedBooking,
  leavePayment,
  type BookingChange,
  type BookingLink,
} from '../../api/bookings-api';
import { queryKeys } from '../../api/query-keys';
import { useManageLink } from '../../api/use-booking-link';
import { leaveForProvider, type Redirect } from '../../app/redirect';
import { useDocumentTitle } from '../../app/use-document-title';
import { BookingSummary } from '../../components/booking/BookingSummary';
import { Notice } from '../../components/Notice';
import { bookingPageContent as copy, screens, torontoMoment } from '../../content/site-content';
import { CancelBooking } from './CancelBooking';
import { ClosedDayNotice } from './ClosedDayNotice';
import { PayBooking } from './PayBooking';
import { PlanSection } from './PlanSection';
import { RescheduleBooking } from './RescheduleBooking';
import { BookingInvoices } from './BookingInvoices';
import './ManageBooking.css';

interface Message {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/** What the link asks the page to do: the email's Pay now or Cancel, or nothing. */
type Asked = 'pay' | 'cancel' | null;

interface ManageBookingPageProps {
  /** How the browser is sent to the provider's card page; tests watch it instead of leaving. */
  readonly redirect?: Redirect;
}

/** Why the booking could not be shown. */
function loadFailureText(error: unknown): string {
  // The API answers a wrong token as it answers an unknown booking: it says neither which.
  if (error instanceof ApiError && error.status === 404) return copy.invalidLink;
  return error instanceof Error ? error.message : copy.invalidLink;
}

/**
 * /bookings/manage?booking=&token=: the page the signed link in every booking email opens. The
 * customer sees the booking and may move or cancel it without an account. Signed in, the owner
 * may open it without the token (the dashboard links a plan so). A Monthly Visit plan's visit
 * shows the plan: its visits to skip or move, and the plan to cancel, pause or pay for.
 */
export function ManageBookingPage({ redirect = leaveForProvider }: ManageBookingPageProps = {}) {
  useDocumentTitle(screens.manageBooking.title);
  const link = useManageLink();
  const [params] = useSearchParams();
  // Back from the provider's page without paying (its cancel link brings the customer here).
  const leftPayment = params.get('payment') === 'cancelled';
  const action = params.get('action');
  const asked: Asked = action === 'pay' || action === 'cancel' ? action : null;
  const client = useQueryClient();
  const bookingKey = link === null ? null : queryKeys.managedBooking(link);
  const query = useQuery({
    queryKey: bookingKey ?? ['booking', 'none'],
    queryFn: ({ signal }) => {
      if (link === null) throw new Error('No booking link');
      return fetchManagedBooking(link, signal);
    },
    enabled: link !== null,
  });
  const booking = query.data ?? null;
  /** What the customer's last action said, over anything the page says of itself. */
  const [said, setSaid] = useState<Message | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // "Choose another day" of a plan's visit on a closed day: each press opens its Move in the plan.
  const [planMove, setPlanMove] = useState(0);

  // Back without paying from the provider: the API sends the "Complete your booking" email.
  const leftUnpaid = leftPayment && booking?.canPay === true;
  const { mutate: tellLeftPayment } = useMutation({ mutationFn: leavePayment });
  useEffect(() => {
    if (leftUnpaid && link !== null) tellLeftPayment(link);
    // Once per page: the link is read once from the address; a new address is a new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leftUnpaid, tellLeftPayment]);

  const message: Message | null =
    link === null
      ? { tone: 'error', text: copy.invalidLink }
      : (said ??
        (query.isError
          ? { tone: 'error', text: loadFailureText(query.error) }
          : leftUnpaid
            ? { tone: 'info', text: copy.paymentCancelled }
            : null));

  /** The cached booking as a change left it: every reader of it sees the change. */
  const setBooking = useCallback(
    (change: (current: ManagedBookingView) => ManagedBookingView) => {
      if (bookingKey === null) return;
      client.setQueryData<ManagedBookingView>(bookingKey, (current) =>
        current === undefined ? current : change(current),
      );
    },
    // The key is built anew each render from the same link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, link?.bookingId, link?.token, link?.login],
  );

  const changed = useCallback(
    (change: BookingChange) => {
      setBooking(() => change.booking);
      setSaid({ tone: 'success', text: change.message });
    },
    [setBooking],
  );
  const failed = useCallback((text: string) => {
    setSaid({ tone: 'error', text });
  }, []);
  // The closed day's notice, and the control that was used with it, go once the visit is moved or
  // cancelled: focus goes to the page's heading, under which the answer is read out.
  const closedDayResolved = useCallback(
    (change: BookingChange) => {
      changed(change);
      heading.current?.focus();
    },
    [changed],
  );
  const planChanged = useCallback(
    (plan: MonthlyPlanView) => {
      setBooking((current) => ({ ...current, monthlyPlan: plan }));
    },
    [setBooking],
  );
  // Another visit's answer carries the plan as it now stands; this page's own visit comes whole.
  const visitChanged = useCallback(
    (visit: ManagedBookingView) => {
      setBooking((current) =>
        current.id === visit.id ? visit : { ...current, monthlyPlan: visit.monthlyPlan },
      );
    },
    [setBooking],
  );

  return (
    <section className="screen manage-booking" aria-labelledby="screen-title">
      <h1 id="screen-title" ref={heading} tabIndex={-1}>
        {screens.manageBooking.title}
      </h1>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      {link && !booking && !message ? <p className="loading">{copy.loading}</p> : null}
      {booking?.monthlyPlan && link ? (
        <>
          {booking.closedDay ? (
            <ClosedDayNotice
              booking={booking}
              closedDay={booking.closedDay}
              link={link}
              onChanged={closedDayResolved}
              onFailed={failed}
              onChooseInPlan={() => {
                setPlanMove((count) => count + 1);
              }}
            />
          ) : null}
          <BookingSummary booking={booking} withPlan={false} />
          <PlanSection
            plan={booking.monthlyPlan}
            proof={link}
            moveRequest={planMove === 0 ? null : { visitId: booking.id, count: planMove }}
            onPlanChanged={planChanged}
            onVisitChanged={visitChanged}
            redirect={redirect}
          />
        </>
      ) : null}
      {booking && !booking.monthlyPlan && link ? (
        <ManageActions
          booking={booking}
          link={link}
          asked={asked}
          redirect={redirect}
          onChanged={changed}
          onClosedDayResolved={closedDayResolved}
          onFailed={failed}
        />
      ) : null}
      {booking && link && hasBeenPaidFor(booking) ? <BookingInvoices link={link} /> : null}
    </section>
  );
}

/**
 * Whether the booking (or its plan) was ever paid for, so may have invoices: an estimate never is,
 * and one still waiting for its money has none yet.
 */
function hasBeenPaidFor(booking: ManagedBookingView): boolean {
  return booking.amountCents !== null && !AWAITING_PAYMENT.includes(booking.status);
}

interface ManageActionsProps {
  readonly booking: ManagedBookingView;
  readonly link: BookingLink;
  readonly asked: Asked;
  readonly redirect: Redirect;
  readonly onChanged: (change: BookingChange) => void;
  /** A change made from the closed day's notice, which goes with it. */
  readonly onClosedDayResolved: (change: BookingChange) => void;
  readonly onFailed: (message: string) => void;
}

function ManageActions({
  booking,
  link,
  asked,
  redirect,
  onChanged,
  onClosedDayResolved,
  onFailed,
}: ManageActionsProps) {
  // On a day we closed, the notice at the top holds the ways on (move, cancel) and says so.
  const payment = booking.canPay ? (
    <PayBooking
      booking={booking}
      link={link}
      asked={asked === 'pay'}
      redirect={redirect}
      onFailed={onFailed}
    />
  ) : null;
  if (booking.closedDay) {
    return (
      <>
        <ClosedDayNotice
          booking={booking}
          closedDay={booking.closedDay}
          link={link}
          cancelAsked={asked === 'cancel'}
          onChanged={onClosedDayResolved}
          onFailed={onFailed}
        />
        <BookingSummary booking={booking} />
        {payment}
      </>
    );
  }
  return (
    <>
      <BookingSummary booking={booking} />
      {payment}
      {booking.canReschedule ? (
        <RescheduleBooking
          link={link}
          visit={booking}
          needsPlace={booking.amountCents !== null}
          note={moveNote(booking)}
          onChanged={onChanged}
          onFailed={onFailed}
        />
      ) : null}
      {booking.canCancel ? (
        <CancelBooking
          link={link}
          asked={asked === 'cancel'}
          note={cancelNote(booking)}
          onChanged={onChanged}
          onFailed={onFailed}
        />
      ) : null}
      {!booking.canCancel && !booking.canReschedule ? <p>{copy.closed}</p> : null}
    </>
  );
}

/** A paid booking's refund deadline stays where it was when the visit moves. */
function moveNote(booking: ManagedBookingView): string | null {
  if (booking.refundUntil === null) return null;
  return booking.refundOnCancel
    ? copy.moveKeepsDeadline(torontoMoment(booking.refundUntil))
    : copy.moveAfterDeadline;
}

/** Whether a cancel gives the money back: only a paid booking has any to give. */
function cancelNote(booking: ManagedBookingView): string | null {
  if (booking.status !== 'paid') return null;
  return booking.refundOnCancel ? copy.refundNote : copy.noRefundNote;
}
