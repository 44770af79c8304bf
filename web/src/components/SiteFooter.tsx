import { Link } from 'react-router-dom';
import { company, footerNav } from '../content/site-content';

// Read once at start-up: a render must not depend on the clock.
const currentYear = new Date().getFullYear();

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>
          © {currentYear} {company.name}
        </p>
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
    </footer>
  );
}
