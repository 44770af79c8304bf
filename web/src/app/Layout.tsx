import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../components/SiteFooter';
import { SiteHeader } from '../components/SiteHeader';
import { loadingLabel, skipLinkLabel } from '../content/site-content';
import { useScrollRestoration } from './use-scroll-restoration';

export function Layout() {
  // A new page opens at its top; going back returns to where the reader was.
  useScrollRestoration();
  return (
    <>
      <a className="skip-link" href="#main">
        {skipLinkLabel}
      </a>
      <SiteHeader />
      {/* tabIndex lets the skip link move keyboard focus here, not just scroll. */}
      <main id="main" className="site-main" tabIndex={-1}>
        {/* Screens are loaded on demand; the header and footer stay while one loads. */}
        <Suspense
          fallback={
            <p className="loading" role="status">
              {loadingLabel}
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
