import { Link, NavLink } from 'react-router-dom';
import { company, mainNav } from '../content/site-content';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link className="site-header__brand" to="/">
          {company.name}
        </Link>
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
          </ul>
        </nav>
      </div>
    </header>
  );
}
