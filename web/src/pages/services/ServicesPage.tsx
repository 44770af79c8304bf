import {
  CUSTOM_ESTIMATE,
  isEstimateOnly,
  type Plan,
  type Service,
} from '@hs/api/domain/booking/catalogue';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { leavePayment } from '../../api/bookings-api';
import { useCatalogue } from '../../api/use-catalogue';
import { leaveForProvider, type Redirect } from '../../app/redirect';
import { serviceForQuery } from '../../app/service-query';
import { useDocumentTitle } from '../../app/use-document-title';
import { CustomerReviews } from '../../components/reviews/CustomerReviews';
import { RetryNotice } from '../../components/RetryNotice';
import { TestimonialFigure } from '../../components/testimonial/TestimonialFigure';
import { screens } from '../../content/site-content';
import {
  servicesGridCopy as gridCopy,
  servicesHero as hero,
  servicesTestimonial as testimonial,
} from '../../content/services-content';
import { useIdleAfter } from '../../hooks/use-idle-after';
import { useReducedMotion } from '../../hooks/use-reduced-motion';
import { memberLinkOf } from './booking-draft';
import { CLOSED, type BookingStep, type FlowNotice, type PaymentStep } from './booking-step';
import { BookingResult } from './BookingResult';
import { ServiceCard, serviceCardId } from './ServiceCard';
import { CARDS_ABOVE_THE_FOLD } from './service-card-picture';
import './ServicesPage.css';

const GRID_ID = 'services-grid';

/*
 * The plan, form and payment modals, with their checks and the schemas behind them: a dozen
 * files the cards do not need, which on a phone held the page's first paint back. They load
 * once the cards are shown and the browser is idle, or at the first Book Now if that is sooner.
 */
const BookingFlow = lazy(() => import('./BookingFlow').then((m) => ({ default: m.BookingFlow })));

/** Where the booking flow is, kept in the browser's history: Back goes back a step. */
interface FlowEntry {
  readonly step: BookingStep;
  /** How many history entries the flow has added since the page's own. */
  readonly depth: number;
}

function flowEntryOf(state: unknown): FlowEntry | null {
  if (typeof state !== 'object' || state === null || !('bookingFlow' in state)) return null;
  const entry = state.bookingFlow as Partial<FlowEntry> | null;
  return entry?.step && typeof entry.depth === 'number' ? (entry as FlowEntry) : null;
}

interface ServicesPageProps {
  /** How the browser is sent to the provider's checkout; tests watch it instead of leaving. */
  readonly redirect?: Redirect;
}

/** docs/product.md section 2: hero, the twelve services with their booking flow, and a testimonial. */
export function ServicesPage({ redirect = leaveForProvider }: ServicesPageProps = {}) {
  useDocumentTitle(screens.services.title);
  const headingId = useId();
  const gridHeadingId = useId();
  const testimonialId = useId();
  const reducedMotion = useReducedMotion();
  const [searchParams] = useSearchParams();
  const wantedKeyword = searchParams.get('service');
  const memberToken = searchParams.get('member');
  const memberEmail = searchParams.get('email');
  // The emailed member link: kept while the page is open, whichever service is booked.
  const member = useMemo(() => memberLinkOf(memberToken, memberEmail), [memberToken, memberEmail]);
  const { load, retry } = useCatalogue();
  const location = useLocation();
  const navigate = useNavigate();
  const flow = flowEntryOf(location.state);
  const step = flow?.step ?? CLOSED;
  const depth = flow?.depth ?? 0;
  const [notice, setNotice] = useState<FlowNotice | null>(null);

  // Each step of the flow is an entry of the browser's history: Back closes the plan chooser or
  // returns from the form to it, rather than leaving the page; closing the flow takes the page
  // back to where it was before the flow opened.
  const goTo = useCallback(
    (next: BookingStep) => {
      if (next.kind === 'closed') {
        if (depth > 0) void navigate(-depth);
        return;
      }
      void navigate(
        { pathname: location.pathname, search: location.search },
        { state: { bookingFlow: { step: next, depth: depth + 1 } } },
      );
    },
    [depth, navigate, location.pathname, location.search],
  );
  const goBack = useCallback(() => {
    void navigate(-1);
  }, [navigate]);

  // A booking that reached payment and was then left (the dialog closed, Escape, Back): it is
  // not lost, and neither is its place for nothing. The page says so, with Pay now and Cancel,
  // and the "Complete your booking" email goes now.
  const leftPayment = useRef<PaymentStep | null>(null);
  useEffect(() => {
    if (step.kind === 'payment') {
      leftPayment.current = step;
    } else if (step.kind === 'closed' && leftPayment.current !== null) {
      const payment = leftPayment.current;
      leftPayment.current = null;
      setNotice({ kind: 'unpaid', payment });
      void leavePayment({ bookingId: payment.booking.id, token: payment.token });
    }
  }, [step]);
  // The flow's steps come and go with the browser's history, so the dialog that closes last is
  // not always the one Book Now opened: the focus is given back to that Book Now here, not left
  // to the dialog, unless the flow ended with a result, which takes it (BookingResult).
  const openedFor = useRef<Service | null>(null);
  const noticeShown = notice !== null;
  useEffect(() => {
    if (step.kind !== 'closed') {
      openedFor.current = step.service;
      return;
    }
    const service = openedFor.current;
    openedFor.current = null;
    if (service === null || noticeShown) return;
    document
      .getElementById(serviceCardId(service))
      ?.querySelector<HTMLButtonElement>('[data-book-now]')
      ?.focus({ preventScroll: true });
    // Only the flow's closing moves the focus, not a result appearing or going later.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);
  const showNotice = (next: FlowNotice | null) => {
    // A booking paid, or called off from the notice, is no longer one left unpaid.
    if (next?.kind !== 'unpaid') leftPayment.current = null;
    setNotice(next);
  };

  const services = load.status === 'loaded' ? load.catalogue.services : [];
  const plans: readonly Plan[] = load.status === 'loaded' ? load.catalogue.plans : [];
  const selected = serviceForQuery(services, wantedKeyword);
  const flowWanted = useIdleAfter(load.status === 'loaded') || step.kind !== 'closed';

  // The home page's cards link here with ?service=<keyword>: that card is brought into view.
  useEffect(() => {
    if (selected === undefined) return;
    document
      .getElementById(serviceCardId(selected))
      ?.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'center' });
  }, [selected, reducedMotion]);

  const book = (service: Service) => {
    setNotice(null);
    const estimate = plans.find((plan) => plan.id === CUSTOM_ESTIMATE);
    if (isEstimateOnly(service) && estimate !== undefined) {
      goTo({ kind: 'form', service, plan: estimate, viaPlans: false });
    } else {
      goTo({ kind: 'plans', service });
    }
  };

  const explore = () => {
    const grid = document.getElementById(GRID_ID);
    if (grid === null) return;
    grid.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    grid.focus({ preventScroll: true });
  };

  return (
    <div className="services-page">
      <section className="services-hero" aria-labelledby={headingId}>
        <h1 id={headingId} className="services-hero__eyebrow">
          {screens.services.title}
        </h1>
        <h2 className="services-hero__heading">{hero.heading}</h2>
        <p className="services-hero__lead">{hero.lead}</p>
        <div className="button-row">
          <button type="button" className="button" onClick={explore}>
            {hero.explore}
          </button>
          <Link className="button button--secondary" to="/contact">
            {hero.contact}
          </Link>
        </div>
      </section>

      {notice !== null && (
        <BookingResult
          notice={notice}
          flowOpen={step.kind !== 'closed'}
          onNotice={showNotice}
          onPay={(payment) => {
            setNotice(null);
            goTo(payment);
          }}
        />
      )}

      <section
        id={GRID_ID}
        className="services-catalogue"
        aria-labelledby={gridHeadingId}
        tabIndex={-1}
      >
        <h2 id={gridHeadingId} className="services-catalogue__heading">
          {gridCopy.heading}
        </h2>
        <p className="services-catalogue__lead">{gridCopy.lead}</p>
        {/* As tall as a screen at least: the cards then push nothing a visitor sees. */}
        {load.status === 'loading' && (
          <p className="loading services-catalogue__loading" role="status">
            {gridCopy.loading}
          </p>
        )}
        {load.status === 'failed' && (
          <RetryNotice
            className="services-catalogue__failure"
            message={gridCopy.failed}
            reason={load.reason}
            retryLabel={gridCopy.retry}
            onRetry={retry}
          />
        )}
        {load.status === 'loaded' && (
          <ul className="services-catalogue__list" aria-label={gridCopy.listLabel}>
            {services.map((service, index) => (
              <ServiceCard
                key={service.id}
                service={service}
                selected={service === selected}
                onBook={book}
                priority={index < CARDS_ABOVE_THE_FOLD}
              />
            ))}
          </ul>
        )}
      </section>

      <section className="services-testimonial" aria-labelledby={testimonialId}>
        <h2 id={testimonialId} className="services-testimonial__heading">
          {testimonial.heading}
        </h2>
        <TestimonialFigure testimonial={testimonial.testimonial} variant="feature" />
        <Link className="button" to="/contact">
          {testimonial.cta}
        </Link>
      </section>

      {/* Last on the page: what loads in later moves nothing a visitor already sees. */}
      <CustomerReviews headingLevel={2} />

      {flowWanted && (
        <Suspense fallback={null}>
          <BookingFlow
            step={step}
            onStep={goTo}
            onBack={goBack}
            plans={plans}
            onNotice={showNotice}
            redirect={redirect}
            member={member}
          />
        </Suspense>
      )}
    </div>
  );
}
