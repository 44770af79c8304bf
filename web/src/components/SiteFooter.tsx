import './SiteFooter.css';
import { SERVICES } from '@hs/api/domain/booking/catalogue';
import { Company } from '@hs/api/domain/company';
import { Link } from 'react-router-dom';
import { company, footerContent as copy, footerNav } from '../content/site-content';
import { serviceQueryValue } from '../app/service-query';
import { NewsletterForm } from './NewsletterForm';

// Read once at start-up: a render must not depend on the clock.
const currentYear = new Date().getFullYear();

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__columns">
          <div className="site-footer__column">
            <h2 className="site-footer__heading">{copy.aboutHeading}</h2>
            <p className="site-footer__text">{company.blurb}</p>
          </div>
          <div className="site-footer__column">
            <h2 className="site-footer__heading">{copy.servicesHeading}</h2>
            <ul className="site-footer__services">
              {SERVICES.map((service) => (
                <li key={service.id}>
                  <Link
                    to={{
                      pathname: '/service/service1',
                      search: `?${new URLSearchParams({ service: serviceQueryValue(service, SERVICES) }).toString()}`,
                    }}
                  >
                    {service.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="site-footer__column">
            <h2 className="site-footer__heading">{copy.contactHeading}</h2>
            <address className="site-footer__address">
              <p className="site-footer__text">{Company.mailingAddress}</p>
              <p className="site-footer__text">
                {copy.phoneLabel}: <a href={Company.phoneHref}>{Company.phone}</a>
              </p>
              <p className="site-footer__text">
                {copy.emailLabel}: <a href={`mailto:${Company.email}`}>{Company.email}</a>
              </p>
            </address>
          </div>
          <div className="site-footer__column">
            <h2 className="site-footer__heading">{copy.newsletterHeading}</h2>
            <p className="site-footer__text">{copy.newsletterIntro}</p>
            <NewsletterForm />
          </div>
        </div>
        <div className="site-footer__bottom">
          <p className="site-footer__copyright">{copy.copyright(currentYear)}</p>
          <nav aria-label="Footer">
            <ul className="footer-nav">
              {footerNav.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
