import './SiteHeader.css';
import { Company } from '@hs/api/domain/company';
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuthState, useTokenRole } from '../auth/auth-storage';
import { logOut as endSession } from '../auth/log-out';
import { Icon, MailIcon, PhoneIcon } from './icons';
import {
  accountNav,
  company,
  headerContent,
  mainNav,
  newTabHint,
  socialLinks,
  type SocialNetwork,
} from '../content/site-content';

/** docs/product.md section 9: the header changes its look once the page has scrolled beyond this. */
const SCROLLED_AFTER_PX = 50;

const MENU_ID = 'site-menu';

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => {
    window.removeEventListener('scroll', onChange);
  };
}

// A boolean snapshot: the header re-renders when the threshold is crossed, not on every pixel.
function useScrolledPastThreshold(): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > SCROLLED_AFTER_PX,
    () => false,
  );
}

const socialIcons: Record<SocialNetwork, ReactNode> = {
  facebook: <path d="M14 8h3V4h-3a5 5 0 0 0-5 5v2H7v4h2v7h4v-7h3l1-4h-4V9a1 1 0 0 1 1-1z" />,
  instagram: (
    <>
      <rect
        x="3"
        y="3"
        width="18"
        height="18"
        rx="5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.5" cy="6.5" r="1.25" />
    </>
  ),
  linkedin: (
    <>
      <path d="M4 9h4v12H4z" />
      <circle cx="6" cy="5" r="2" />
      <path d="M10 9h3.8v1.7h.1c.5-1 1.8-2 3.7-2 4 0 4.4 2.6 4.4 6V21h-4v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V21h-4z" />
    </>
  ),
};

function ContactLinks() {
  return (
    <div className="site-header__contact">
      <ul className="site-header__contact-list" aria-label={headerContent.contactLabel}>
        <li>
          <a className="site-header__contact-link" href={Company.phoneHref}>
            <PhoneIcon className="site-header__icon" size={18} />
            {Company.phone}
          </a>
        </li>
        <li>
          <a className="site-header__contact-link" href={`mailto:${Company.email}`}>
            <MailIcon className="site-header__icon" size={18} />
            {Company.email}
          </a>
        </li>
      </ul>
      <ul className="site-header__social" aria-label={headerContent.socialLabel}>
        {socialLinks.map((link) => (
          <li key={link.network}>
            <a
              className="site-header__social-link"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${link.label} ${newTabHint}`}
            >
              <Icon className="site-header__icon" size={18}>
                {socialIcons[link.network]}
              </Icon>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteHeader() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signedIn, name } = useAuthState();
  const isAdmin = useTokenRole() === 'admin';
  const scrolled = useScrolledPastThreshold();
  const menuButton = useRef<HTMLButtonElement>(null);

  // The menu remembers the location it was opened at, so any navigation closes it without an
  // effect that would have to reset state after the route changes.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenAt(null);
      // Focus may be on a link inside the menu that is about to be hidden.
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen]);

  const logOut = () => {
    // The queue dashboard's cookie would outlive the token; being HttpOnly, only the API clears it.
    if (isAdmin) {
      void fetch('/api/admin/queue-session', { method: 'DELETE' }).catch(() => undefined);
    }
    endSession();
    void navigate('/');
  };

  const headerClass = scrolled ? 'site-header site-header--scrolled' : 'site-header';
  const menuClass = menuOpen ? 'site-header__menu site-header__menu--open' : 'site-header__menu';

  return (
    <header className={headerClass}>
      <div className="site-header__inner">
        <Link className="site-header__brand" to="/">
          {company.name}
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => {
            setMenuOpenAt(menuOpen ? null : location.key);
          }}
        >
          <span className="site-header__toggle-bars" aria-hidden="true" />
          {headerContent.menuButton}
        </button>
        <div id={MENU_ID} className={menuClass}>
          <nav aria-label="Main">
            <ul className="site-nav">
              {mainNav.map((link) => (
                <li key={link.to}>
                  {/* NavLink marks the current page with aria-current and the `active` class. */}
                  <NavLink className="site-nav__link" to={link.to}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              {signedIn ? (
                <>
                  <li className="site-nav__welcome">{accountNav.welcome(name)}</li>
                  {/* One set of account links for the wide header and the phone menu alike:
                      a customer finds the same places whatever the width of their screen. */}
                  {[accountNav.dashboard, accountNav.profile].map((link) => (
                    <li key={link.to}>
                      <NavLink className="site-nav__link" to={link.to}>
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                  {isAdmin ? (
                    <li>
                      <NavLink className="site-nav__link" to={accountNav.admin.to}>
                        {accountNav.admin.label}
                      </NavLink>
                    </li>
                  ) : null}
                  <li>
                    <button type="button" className="site-nav__logout" onClick={logOut}>
                      {accountNav.logout}
                    </button>
                  </li>
                </>
              ) : (
                <li>
                  <NavLink
                    className="site-nav__link site-nav__link--account"
                    to={accountNav.signIn.to}
                  >
                    {accountNav.signIn.label}
                  </NavLink>
                </li>
              )}
            </ul>
          </nav>
          <ContactLinks />
        </div>
      </div>
    </header>
  );
}
