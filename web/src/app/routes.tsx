import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { forgetEarlyCatalogue, requestCatalogueEarly } from '../api/catalogue-request';
import { preloadFirstServiceCards } from '../pages/services/service-card-picture';
import { Layout } from './Layout';
import { lazyWithServerState } from './lazy-with-server-state';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// One chunk per screen, so a visitor downloads only the screens they open. The screens that read
// the server bring the query cache with them (lazyWithServerState); the home page does not.
const HomePage = lazy(() =>
  import('../pages/home/HomePage').then((m) => ({ default: m.HomePage })),
);
const AboutPage = lazy(() =>
  import('../pages/about/AboutPage').then((m) => ({ default: m.AboutPage })),
);
const ServicesPage = lazyWithServerState(() => {
  // The cards wait for the catalogue and the first card's picture is the page's largest paint:
  // both download beside the page's code instead of after it.
  requestCatalogueEarly();
  preloadFirstServiceCards();
  return import('../pages/services/ServicesPage').then(
    (m) => m.ServicesPage,
    (error: unknown) => {
      // The page's code did not load, so no page takes the early answer.
      forgetEarlyCatalogue();
      throw error;
    },
  );
});
const ContactPage = lazyWithServerState(() =>
  import('../pages/contact/ContactPage').then((m) => m.ContactPage),
);
const BlogsPage = lazy(() =>
  import('../pages/blogs/BlogsPage').then((m) => ({ default: m.BlogsPage })),
);
const BlogArticlePage = lazy(() =>
  import('../pages/blogs/BlogArticlePage').then((m) => ({ default: m.BlogArticlePage })),
);
const ProfilePage = lazyWithServerState(() =>
  import('../pages/profile/ProfilePage').then((m) => m.ProfilePage),
);
const AuthPage = lazyWithServerState(() =>
  import('../pages/auth/AuthPage').then((m) => m.AuthPage),
);
const ResetPasswordPage = lazyWithServerState(() =>
  import('../pages/reset-password/ResetPasswordPage').then((m) => m.ResetPasswordPage),
);
const DashboardPage = lazyWithServerState(() =>
  import('../pages/dashboard/DashboardPage').then((m) => m.DashboardPage),
);
const PrivacyPage = lazy(() =>
  import('../pages/privacy/PrivacyPage').then((m) => ({ default: m.PrivacyPage })),
);
const TermsPage = lazy(() =>
  import('../pages/terms/TermsPage').then((m) => ({ default: m.TermsPage })),
);
const ManageBookingPage = lazyWithServerState(() =>
  import('../pages/manage-booking/ManageBookingPage').then((m) => m.ManageBookingPage),
);
const BookingReturnPage = lazyWithServerState(() =>
  import('../pages/booking-return/BookingReturnPage').then((m) => m.BookingReturnPage),
);
const NewsletterLinkPage = lazyWithServerState(() =>
  import('../pages/newsletter/NewsletterLinkPage').then((m) => m.NewsletterLinkPage),
);
const ReviewPage = lazyWithServerState(() =>
  import('../pages/review/ReviewPage').then((m) => m.ReviewPage),
);
const InvoicePage = lazyWithServerState(() =>
  import('../pages/invoice/InvoicePage').then((m) => m.InvoicePage),
);
const QuotePage = lazyWithServerState(() =>
  import('../pages/quote/QuotePage').then((m) => m.QuotePage),
);
const AccountEmailPage = lazyWithServerState(() =>
  import('../pages/account/AccountEmailPage').then((m) => m.AccountEmailPage),
);
// Operators only; the page is a small gate in front of a console chunk of its own.
const AdminPage = lazyWithServerState(() =>
  import('../pages/admin/AdminPage').then((m) => m.AdminPage),
);
const NotFoundPage = lazy(() =>
  import('../pages/not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

/**
 * docs/product.md section 2. Paths match case-insensitively (react-router's default, kept on purpose):
 * the site links to both /service/service1 and /Service/Service1.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      {
        // A pathless route so that an error keeps the header and footer around it.
        element: <RouteErrorBoundary />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'service/service1', element: <ServicesPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'blogs', element: <BlogsPage /> },
          { path: 'blogs/:slug', element: <BlogArticlePage /> },
          { path: 'Profile', element: <ProfilePage /> },
          // docs/product.md registers the auth screen here; /login shows the same screen (docs/product.md#decisions).
          { path: 'signup/register', element: <AuthPage /> },
          { path: 'login', element: <AuthPage /> },
          { path: 'reset-password/:token', element: <ResetPasswordPage /> },
          { path: 'dashboard', element: <DashboardPage /> },
          // Only /admin itself: /admin/queues is the API's queue dashboard, served before the SPA.
          { path: 'admin', element: <AdminPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'terms', element: <TermsPage /> },
          // Opened from the signed link in booking emails, and on return from the payment page.
          { path: 'bookings/manage', element: <ManageBookingPage /> },
          { path: 'bookings/return', element: <BookingReturnPage /> },
          // An invoice or credit note, from the dashboard or a booking's manage page.
          { path: 'invoices/:id', element: <InvoicePage /> },
          // A quote for custom work, from the signed link of its email and on return from paying.
          { path: 'quotes/:id', element: <QuotePage /> },
          // The links of the newsletter's confirmation email and of every newsletter.
          { path: 'newsletter/confirm', element: <NewsletterLinkPage action="confirm" /> },
          { path: 'newsletter/unsubscribe', element: <NewsletterLinkPage action="unsubscribe" /> },
          // The links of the account emails: a new address's confirmation, the welcome email's.
          { path: 'account/confirm-email', element: <AccountEmailPage action="change" /> },
          { path: 'account/verify-email', element: <AccountEmailPage action="verify" /> },
          // The link of the thank-you email sent the morning after a visit was done.
          { path: 'review', element: <ReviewPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The site's routes, matched by react-router's declarative API inside <BrowserRouter>: the data
 * router (loaders, actions, fetchers) would add about 18 KB gzip to every page for features the
 * site does not use, and the home page has a 100 KB budget for all its JavaScript.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
