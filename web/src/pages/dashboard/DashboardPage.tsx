import './DashboardPage.css';
import type { BookingView, MonthlyPlanView } from '@hs/api/domain/booking/booking-schema';
import type { MyQuote } from '@hs/api/domain/quote/quote-schema';
import { AWAITING_PAYMENT, BOOKING_STATUS_LABELS } from '@hs/api/domain/booking/booking-status';
import { longDate, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { myBookingsQuery, useAccountData } from '../../api/account-api';
import { myInvoicesQuery } from '../../api/invoices-api';
import { myQuotesQuery } from '../../api/quotes-api';
import { useDocumentTitle } from '../../app/use-document-title';
import { BookingSummary } from '../../components/booking/BookingSummary';
import { PlanStatusRows } from '../../components/booking/PlanStatusRows';
import { dashboardContent as copy, signInContent } from '../../content/account-content';
import { screens } from '../../content/site-content';
import { AccountDataStatus } from '../../components/AccountDataStatus';
import { InvoicesSection, type InvoiceListState } from '../../components/invoices/InvoicesSection';
import { invoiceMoney } from '../../components/invoices/invoice-format';
import { Notice } from '../../components/Notice';
import { SiteLink, siteHrefOf } from '../quote/SiteLink';

/** The words of the dashboard's quotes (the account's copy lives in content/account-content.ts). */
const quotesCopy = {
  heading: 'Quotes',
  hint: 'The quotes we wrote for your estimate requests. Open one to read it, accept it or decline it.',
  caption: 'Your quotes',
  quote: 'Quote',
  status: 'Status',
  total: 'Total',
  validUntil: 'Valid until',
  actions: 'Actions',
  name: (number: string, revision: number) => `${number} (revision ${String(revision)})`,
  open: 'Open quote',
  loading: 'Loading your quotes…',
  failed: 'Your quotes could not be loaded.',
  retry: 'Try again',
} as const;

/** What the dashboard lists: a booking, or a Monthly Visit plan standing for all its visits. */
export type DashboardEntry =
  | { readonly kind: 'booking'; readonly booking: BookingView }
  | { readonly kind: 'plan'; readonly plan: MonthlyPlanView; readonly service: string };

/** The bookings in the API's order, each plan once, where its first visit in that order is. */
export function dashboardEntries(bookings: readonly BookingView[]): DashboardEntry[] {
  const plans = new Set<string>();
  const entries: DashboardEntry[] = [];
  for (const booking of bookings) {
    const plan = booking.monthlyPlan;
    if (plan === null) {
      entries.push({ kind: 'booking', booking });
    } else if (!plans.has(plan.id)) {
      plans.add(plan.id);
      entries.push({ kind: 'plan', plan, service: booking.service });
    }
  }
  return entries;
}

/**
 * /dashboard: the signed-in user's bookings and where each stands. Changing a single booking
 * needs the signed token only its emails carry, so this page only shows it; a plan's page opens
 * with the login too, so a plan links to it.
 */
export function DashboardPage() {
  useDocumentTitle(screens.dashboard.title);
  const { state, retry } = useAccountData(myBookingsQuery);

  return (
    <section className="screen dashboard" aria-labelledby="screen-title">
      <h1 id="screen-title">{screens.dashboard.title}</h1>
      <p className="screen__lead">{screens.dashboard.description}</p>
      <AccountDataStatus
        state={state}
        visitorReason={signInContent.dashboard}
        loadingLabel={copy.loading}
        retryLabel={copy.retry}
        onRetry={retry}
      />
      {state.status === 'ready' && state.data.length === 0 ? (
        <p>
          {copy.empty} <Link to={copy.bookTo}>{copy.bookLink}</Link>
        </p>
      ) : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <BookingList entries={dashboardEntries(state.data)} />
      ) : null}
      <DashboardQuotes />
      <DashboardInvoices />
    </section>
  );
}

/**
 * The account's invoices and credit notes, loaded beside its bookings. A visitor, or a session
 * that ended, has none to show: the page says so once, above.
 */
function DashboardInvoices() {
  const { state, retry } = useAccountData(myInvoicesQuery);
  if (state.status === 'visitor' || state.status === 'session-ended') return null;
  const list: InvoiceListState =
    state.status === 'ready'
      ? { status: 'ready', invoices: state.data }
      : state.status === 'failed'
        ? { status: 'failed', message: state.message }
        : { status: 'loading' };
  // The login proves the account's documents: no token in their addresses.
  const login = state.status === 'ready' ? state.token : null;
  return <InvoicesSection state={list} proof={{ token: null, login }} onRetry={retry} />;
}

/**
 * The account's quotes, loaded beside its bookings: shown only when there are some (most
 * customers never ask for an estimate), or when they could not be loaded, with a retry.
 */
function DashboardQuotes() {
  const { state, retry } = useAccountData(myQuotesQuery);
  // Once shown, the section stays while it loads again (a retry), so the focus has somewhere to be.
  const [shown, setShown] = useState(false);
  const visible = state.status === 'failed' || (state.status === 'ready' && state.data.length > 0);
  if (visible && !shown) setShown(true);
  if (!visible && !(shown && state.status === 'loading')) return null;
  return (
    <section className="dashboard__quotes" aria-labelledby="dashboard-quotes">
      <h2 id="dashboard-quotes">{quotesCopy.heading}</h2>
      {state.status === 'loading' ? <p className="loading">{quotesCopy.loading}</p> : null}
      {state.status === 'failed' ? (
        <>
          <Notice tone="error">{`${quotesCopy.failed} ${state.message}`}</Notice>
          <button className="button button--secondary" type="button" onClick={retry}>
            {quotesCopy.retry}
          </button>
        </>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <p className="dashboard__hint">{quotesCopy.hint}</p>
          <QuoteTable quotes={state.data} />
        </>
      ) : null}
    </section>
  );
}

function QuoteTable({ quotes }: { readonly quotes: readonly MyQuote[] }) {
  const idPrefix = useId();
  const captionId = `${idPrefix}-caption`;
  return (
    // Scrolls sideways on a narrow screen, not the page: focusable, so a keyboard can scroll it.
    <div className="dashboard__quote-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId} className="visually-hidden">
          {quotesCopy.caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{quotesCopy.quote}</th>
            <th scope="col">{quotesCopy.status}</th>
            <th scope="col" className="dashboard__amount">
              {quotesCopy.total}
            </th>
            <th scope="col">{quotesCopy.validUntil}</th>
            <th scope="col">
              <span className="visually-hidden">{quotesCopy.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((quote) => {
            const rowId = `${idPrefix}-${quote.id}`;
            const href = siteHrefOf(quote.url);
            return (
              <tr key={quote.id}>
                <th scope="row" id={rowId}>
                  {quotesCopy.name(quote.number, quote.revision)}
                </th>
                <td>{quote.statusLabel}</td>
                <td className="dashboard__amount">{invoiceMoney(quote.totalCents)}</td>
                <td>{longDate(quote.validUntil)}</td>
                <td>
                  {href === null ? null : (
                    <SiteLink href={href} className="dashboard__open-quote" describedBy={rowId}>
                      {quotesCopy.open}
                    </SiteLink>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function BookingList({ entries }: { readonly entries: readonly DashboardEntry[] }) {
  return (
    <section aria-labelledby="dashboard-bookings">
      <h2 id="dashboard-bookings">{copy.listHeading}</h2>
      <p className="dashboard__hint">{copy.manageHint}</p>
      {entries.some((entry) => entry.kind === 'plan') ? (
        <p className="dashboard__hint">{copy.planHint}</p>
      ) : null}
      <ul className="dashboard__list">
        {entries.map((entry) =>
          entry.kind === 'plan' ? (
            <li key={`plan-${entry.plan.id}`}>
              <PlanEntry plan={entry.plan} service={entry.service} />
            </li>
          ) : (
            <li key={entry.booking.id}>
              <BookingEntry booking={entry.booking} />
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

/** The booking's page, opened with the login as proof (the address carries no token). */
function managePath(bookingId: string, action?: 'pay' | 'cancel'): string {
  const query = new URLSearchParams({ booking: bookingId, ...(action ? { action } : {}) });
  return `/bookings/manage?${query.toString()}`;
}

/** A single booking: where it stands, and its page; one waiting for its money says how to pay. */
function BookingEntry({ booking }: { readonly booking: BookingView }) {
  const headingId = `booking-${booking.id}`;
  const unpaid = AWAITING_PAYMENT.includes(booking.status) && booking.amountCents !== null;
  return (
    <article className="dashboard__booking" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {booking.service}, {longDate(booking.date)}
      </h3>
      <BookingSummary booking={booking} />
      {unpaid ? <p className="dashboard__unpaid">{copy.unpaidNote}</p> : null}
      <p className="dashboard__actions">
        {unpaid ? (
          <>
            <Link
              className="button"
              to={managePath(booking.id, 'pay')}
              aria-describedby={headingId}
            >
              {copy.payNow}
            </Link>
            <Link
              className="button button--secondary"
              to={managePath(booking.id, 'cancel')}
              aria-describedby={headingId}
            >
              {copy.cancelUnpaid}
            </Link>
          </>
        ) : null}
        <Link
          className="dashboard__manage"
          to={managePath(booking.id)}
          aria-describedby={headingId}
        >
          {copy.manageBooking}
        </Link>
      </p>
    </article>
  );
}

/** A plan as one entry: where it stands, its visits still to come, and its manage page. */
function PlanEntry({
  plan,
  service,
}: {
  readonly plan: MonthlyPlanView;
  readonly service: string;
}) {
  const headingId = useId();
  const today = todayInToronto();
  const next = plan.visits.filter(
    (visit) => visit.date >= today && visit.status !== 'cancelled' && visit.status !== 'refunded',
  );
  return (
    <article className="dashboard__booking" aria-labelledby={headingId}>
      <h3 id={headingId}>{copy.planHeading(service)}</h3>
      <dl className="booking-summary">
        <PlanStatusRows plan={plan} />
        <dt>{copy.nextVisits}</dt>
        <dd>
          {next.length === 0 ? (
            copy.noNextVisits
          ) : (
            <ol className="plan-visits" aria-label={copy.nextVisits}>
              {next.map((visit) => (
                <li key={visit.id}>
                  {`${longDate(visit.date)}, ${visit.timeLabel} – `}
                  <span className={`status status--${visit.status}`}>
                    {BOOKING_STATUS_LABELS[visit.status]}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </dd>
      </dl>
      {/* No token here: the manage page takes the login as proof when the address has none. */}
      <Link className="dashboard__manage" to={managePath(plan.id)} aria-describedby={headingId}>
        {copy.managePlan}
      </Link>
    </article>
  );
}
