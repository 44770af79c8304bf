import './ContactPage.css';
import { Company } from '@hs/api/domain/company';
import { CONTACT_LIMITS } from '@hs/api/domain/contact/contact-messages';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { contactContent } from '../../content/contact-content';
import { screens } from '../../content/site-content';
import { ContactForm } from './ContactForm';

// Leaflet and its stylesheet are large and only this page uses them: they arrive in the map's own
// chunk, after the rest of the page is already usable.
const ContactMap = lazy(() => import('./ContactMap').then((m) => ({ default: m.ContactMap })));

const { details, map } = contactContent;

/** The service a Contact Us button passed as navigation state (SPEC.md section 2), if any. */
function serviceFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('service' in state)) return undefined;
  const { service } = state;
  if (typeof service !== 'string') return undefined;
  const name = service.trim();
  return name === '' || name.length > CONTACT_LIMITS.service ? undefined : name;
}

/** A map that cannot load (its chunk failed to arrive) costs the map alone, not the page. */
class MapBoundary extends Component<{ readonly children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="contact-page__map-fallback">
        {map.unavailable} <a href={map.externalUrl}>{map.openExternally}</a>
      </p>
    );
  }
}

function Icon({ children }: { readonly children: ReactNode }) {
  // Decorative: the label next to every icon already says what it stands for.
  return (
    <svg
      className="contact-details__icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

function ContactDetails() {
  return (
    <section className="contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title" className="contact-details__title">
        {details.title}
      </h2>
      <p className="contact-details__lead">{details.lead}</p>
      <ul className="contact-details__list">
        <li className="contact-details__item">
          <Icon>
            <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
          </Icon>
          <div>
            <span className="contact-details__label">{details.addressLabel}</span>
            <address className="contact-details__value">
              {Company.street}, {Company.city}, {Company.province} {Company.postalCode}
            </address>
          </div>
        </li>
        <li className="contact-details__item">
          <Icon>
            <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25c1.1.37 2.3.57 3.6.57a1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
          </Icon>
          <div>
            <span className="contact-details__label">{details.phoneLabel}</span>
            <a className="contact-details__value" href={Company.phoneHref}>
              {Company.phone}
            </a>
          </div>
        </li>
        <li className="contact-details__item">
          <Icon>
            <rect
              x="3"
              y="5"
              width="18"
              height="14"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <path d="m3 7 9 6 9-6" fill="none" stroke="currentColor" strokeWidth="2" />
          </Icon>
          <div>
            <span className="contact-details__label">{details.emailLabel}</span>
            <a className="contact-details__value" href={`mailto:${Company.email}`}>
              {Company.email}
            </a>
          </div>
        </li>
      </ul>
    </section>
  );
}

/** /contact (SPEC.md section 2): the map, the ways to reach us and the message form. */
export function ContactPage() {
  useDocumentTitle(screens.contact.title);
  const location = useLocation();
  const service = serviceFrom(location.state);

  return (
    <div className="contact-page">
      <h1 id="screen-title" className="contact-page__title">
        {screens.contact.title}
      </h1>
      <p className="screen__lead">{screens.contact.description}</p>
      <div className="contact-page__map">
        <MapBoundary>
          <Suspense fallback={<p className="contact-page__map-fallback">{map.loading}</p>}>
            <ContactMap />
          </Suspense>
        </MapBoundary>
      </div>
      <div className="contact-page__body">
        <ContactDetails />
        {/* A new visit (another service's Contact Us) starts the form afresh. */}
        <ContactForm key={location.key} service={service} />
      </div>
    </div>
  );
}
