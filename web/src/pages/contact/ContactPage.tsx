import './ContactPage.css';
import { Company } from '@hs/api/domain/company';
import { CONTACT_LIMITS } from '@hs/api/domain/contact/contact-messages';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { MailIcon, PhoneIcon, PinIcon } from '../../components/icons';
import { contactContent } from '../../content/contact-content';
import { screens } from '../../content/site-content';
import { useIdleAfter } from '../../hooks/use-idle-after';
import type { ContactValues } from './contact-fields';
import { ContactForm } from './ContactForm';

// Leaflet and its stylesheet are large and only this page uses them: they arrive in the map's own
// chunk, asked for once the rest of the page is shown and the browser is idle, so that on a
// phone the page's first paint does not wait for them.
const ContactMap = lazy(() => import('./ContactMap').then((m) => ({ default: m.ContactMap })));

const { details, map } = contactContent;

/** The service a Contact Us button passed as navigation state (docs/product.md section 2), if any. */
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

function ContactDetails() {
  return (
    <section className="contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title" className="contact-details__title">
        {details.title}
      </h2>
      <p className="contact-details__lead">{details.lead}</p>
      <ul className="contact-details__list">
        <li className="contact-details__item">
          <PinIcon className="contact-details__icon" size={24} />
          <div>
            <span className="contact-details__label">{details.addressLabel}</span>
            <address className="contact-details__value">
              {Company.street}, {Company.city}, {Company.province} {Company.postalCode}
            </address>
          </div>
        </li>
        <li className="contact-details__item">
          <PhoneIcon className="contact-details__icon" size={24} />
          <div>
            <span className="contact-details__label">{details.phoneLabel}</span>
            <a className="contact-details__value" href={Company.phoneHref}>
              {Company.phone}
            </a>
          </div>
        </li>
        <li className="contact-details__item">
          <MailIcon className="contact-details__icon" size={24} />
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

/**
 * What the booking form already knew when it sent the visitor here to ask for an estimate (an
 * address outside the areas served): their details and a first draft of the message, so nothing
 * is typed twice. Only text fields, each within its field's limit, are taken.
 */
function prefillFrom(state: unknown): Partial<ContactValues> {
  if (typeof state !== 'object' || state === null || !('prefill' in state)) return {};
  const { prefill } = state;
  if (typeof prefill !== 'object' || prefill === null) return {};
  const values: Partial<ContactValues> = {};
  for (const field of ['fullName', 'email', 'phone', 'message'] as const) {
    const value = (prefill as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.length <= CONTACT_LIMITS[field]) values[field] = value;
  }
  return values;
}

/** /contact (docs/product.md section 2): the map, the ways to reach us and the message form. */
export function ContactPage() {
  useDocumentTitle(screens.contact.title);
  const location = useLocation();
  const service = serviceFrom(location.state);
  const prefill = prefillFrom(location.state);
  const mapWanted = useIdleAfter(true);
  // With the map's caption, so that the page below stays where it is when the map arrives.
  const mapLoading = (
    <figure className="contact-page__map-placeholder">
      <p className="contact-page__map-fallback">{map.loading}</p>
      <figcaption className="contact-page__map-caption">{map.caption}</figcaption>
    </figure>
  );

  return (
    <div className="contact-page">
      <h1 id="screen-title" className="contact-page__title">
        {screens.contact.title}
      </h1>
      <p className="screen__lead">{screens.contact.description}</p>
      <div className="contact-page__map">
        {mapWanted ? (
          <MapBoundary>
            <Suspense fallback={mapLoading}>
              <ContactMap />
            </Suspense>
          </MapBoundary>
        ) : (
          mapLoading
        )}
      </div>
      <div className="contact-page__body">
        <ContactDetails />
        {/* A new visit (another service's Contact Us) starts the form afresh. */}
        <ContactForm key={location.key} service={service} prefill={prefill} />
      </div>
    </div>
  );
}
