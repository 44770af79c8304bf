import './AdminConsole.css';
import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router-dom';
import { SignInNotice } from '../../components/SignInNotice';
import { signInContent } from '../../content/account-content';
import {
  adminContent as copy,
  bookingsContent,
  campaignsContent,
  messagesContent,
  plansContent,
  queuesContent,
  scheduleTabContent,
  subscribersContent,
} from './admin-content';
import { BookingsSection } from './BookingsSection';
import { CampaignsSection } from './CampaignsSection';
import { ClosuresSection } from './ClosuresSection';
import { closuresContent } from './closures-content';
import { MessagesSection } from './MessagesSection';
import { NotAllowedNotice } from './NotAllowedNotice';
import { paymentsContent } from './payments-content';
import { PlansSection } from './PlansSection';
import { quotesTabContent } from './quotes/quotes-content';
import { QueuesSection } from './QueuesSection';
import { ReviewsSection } from './ReviewsSection';
import { reviewsContent } from './reviews-content';
import { SubscribersSection } from './SubscribersSection';
import { UnconfirmedSendsSection } from './UnconfirmedSendsSection';
import type { AdminSession, Denial } from './use-admin-data';

// The board is the console's largest section and not every operator opens it: a chunk of its own.
const ScheduleBoard = lazy(() => import('./schedule/ScheduleBoard'));
// The books carry chart.js: a chunk of their own too, loaded when the Payments tab opens.
const PaymentsSection = lazy(() => import('./PaymentsSection'));
// The quotes' list and editor: a chunk of their own, loaded when the Quotes tab opens.
const QuotesSection = lazy(() => import('./quotes/QuotesSection'));

interface Tab {
  readonly id: string;
  readonly label: string;
  readonly render: (session: AdminSession) => ReactNode;
}

const TABS: readonly Tab[] = [
  {
    id: 'bookings',
    label: bookingsContent.tab,
    render: (session) => <BookingsSection session={session} />,
  },
  {
    id: 'plans',
    label: plansContent.tab,
    render: (session) => <PlansSection session={session} />,
  },
  {
    id: 'messages',
    label: messagesContent.tab,
    render: (session) => <MessagesSection session={session} />,
  },
  {
    id: 'subscribers',
    label: subscribersContent.tab,
    render: (session) => <SubscribersSection session={session} />,
  },
  {
    id: 'reviews',
    label: reviewsContent.tab,
    render: (session) => <ReviewsSection session={session} />,
  },
  {
    id: 'payments',
    label: paymentsContent.tab,
    render: (session) => (
      <Suspense
        fallback={
          <p className="loading" role="status">
            {paymentsContent.loading}
          </p>
        }
      >
        <PaymentsSection session={session} />
      </Suspense>
    ),
  },
  {
    id: 'campaigns',
    label: campaignsContent.tab,
    render: (session) => <CampaignsSection session={session} />,
  },
  {
    id: 'schedule',
    label: scheduleTabContent.tab,
    render: (session) => (
      <Suspense
        fallback={
          <p className="loading" role="status">
            {scheduleTabContent.loading}
          </p>
        }
      >
        <ScheduleBoard session={session} />
      </Suspense>
    ),
  },
  {
    id: 'quotes',
    label: quotesTabContent.tab,
    render: (session) => (
      <Suspense
        fallback={
          <p className="loading" role="status">
            {quotesTabContent.loading}
          </p>
        }
      >
        <QuotesSection session={session} />
      </Suspense>
    ),
  },
  {
    id: 'closures',
    label: closuresContent.tab,
    render: (session) => <ClosuresSection session={session} />,
  },
  {
    id: 'queues',
    label: queuesContent.tab,
    // Unconfirmed emails sit with the jobs that send every email: where an operator looks
    // after what the workers did.
    render: (session) => (
      <>
        <QueuesSection session={session} />
        <UnconfirmedSendsSection session={session} />
      </>
    ),
  },
];

/** The tab keys of the ARIA tabs pattern: arrows move along the row, Home and End to its ends. */
function nextTabIndex(key: string, current: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % TABS.length;
    case 'ArrowLeft':
      return (current - 1 + TABS.length) % TABS.length;
    case 'Home':
      return 0;
    case 'End':
      return TABS.length - 1;
    default:
      return null;
  }
}

/**
 * The operators' sections as tabs. The open tab is kept in the address (?tab=) so a reload or a
 * shared link opens the same one. Any call the API refuses replaces the whole area with why.
 */
export function AdminConsole({ token }: { readonly token: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabButtons = useRef<(HTMLButtonElement | null)[]>([]);
  // A refusal belongs to the token it was given for: another sign-in starts afresh.
  const [denied, setDenied] = useState<{ token: string; denial: Denial } | null>(null);
  const session = useMemo<AdminSession>(
    () => ({
      token,
      deny: (denial) => {
        setDenied({ token, denial });
      },
    }),
    [token],
  );

  const selectedIndex = Math.max(
    0,
    TABS.findIndex((tab) => tab.id === searchParams.get('tab')),
  );
  const selected = TABS[selectedIndex] ?? TABS[0];
  if (selected === undefined) return null;

  if (denied?.token === token) {
    return denied.denial === 'forbidden' ? (
      <NotAllowedNotice />
    ) : (
      <SignInNotice reason={signInContent.sessionEnded} />
    );
  }

  const select = (index: number) => {
    const tab = TABS[index];
    if (tab === undefined) return;
    setSearchParams(index === 0 ? {} : { tab: tab.id }, { replace: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = nextTabIndex(event.key, selectedIndex);
    if (next === null) return;
    event.preventDefault();
    select(next);
    tabButtons.current[next]?.focus();
  };

  return (
    <div className="admin-console">
      <div className="admin-tabs" role="tablist" aria-label={copy.tabsLabel}>
        {TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(button) => {
              tabButtons.current[index] = button;
            }}
            id={`admin-tab-${tab.id}`}
            type="button"
            role="tab"
            className="admin-tabs__tab"
            aria-selected={index === selectedIndex}
            aria-controls="admin-panel"
            // Roving tabindex: Tab enters the row at the open tab and leaves it for the panel.
            tabIndex={index === selectedIndex ? 0 : -1}
            onClick={() => {
              select(index);
            }}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id="admin-panel"
        className="admin-panel"
        role="tabpanel"
        aria-labelledby={`admin-tab-${selected.id}`}
        // Each panel opens with its heading, which is not focusable (ARIA tabs pattern).
        tabIndex={0}
      >
        {/* Keyed by tab so each opens fresh, with its own filters and a new load. */}
        <div key={selected.id}>{selected.render(session)}</div>
      </div>
    </div>
  );
}
