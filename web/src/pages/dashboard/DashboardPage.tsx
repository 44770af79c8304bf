import './DashboardPage.css';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { Link } from 'react-router-dom';
import { fetchMyBookings, useAccountData } from '../../api/account-api';
import { useDocumentTitle } from '../../app/use-document-title';
import { BookingSummary } from '../../components/booking/BookingSummary';
import { dashboardContent as copy, signInContent } from '../../content/account-content';
import { screens } from '../../content/site-content';
import { AccountDataStatus } from '../../components/AccountDataStatus';

/**
 * /dashboard: the signed-in user's bookings and where each stands. Changing one needs the signed
 * token only its emails carry, so this page only shows them.
 */
export function DashboardPage() {
  useDocumentTitle(screens.dashboard.title);
  const { state, retry } = useAccountData(fetchMyBookings);

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
        <section aria-labelledby="dashboard-bookings">
          <h2 id="dashboard-bookings">{copy.listHeading}</h2>
          <p className="dashboard__hint">{copy.manageHint}</p>
          <ul className="dashboard__list">
            {state.data.map((booking) => (
              <li key={booking.id}>
                <article className="dashboard__booking" aria-labelledby={`booking-${booking.id}`}>
                  <h3 id={`booking-${booking.id}`}>
                    {booking.service}, {longDate(booking.date)}
                  </h3>
                  <BookingSummary booking={booking} />
                </article>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
