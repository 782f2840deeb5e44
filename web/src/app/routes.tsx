/**
 * The route table of spec/public-and-customer.md §2. Public pages are lazy so that each page
 * ships only its own code; staff screens live in their own chunks that public pages never load.
 * PUBLIC_ROUTES lists the paths the build pre-renders to HTML (scripts/prerender.mjs); every other
 * path the server knows is a staff screen drawn in the browser.
 */
import { lazy, Suspense } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from './layout';
import { lazyPage } from './lazy-page';
import { preloadStaffCode } from './staff-preload';
import { afterSyncCode, loadSyncStatus } from './sync-code';

const HomePage = lazyPage(() => import('../pages/home-page').then((m) => m.HomePage));
const ServicesPage = lazyPage(() => import('../pages/services-page').then((m) => m.ServicesPage));
const GalleryPage = lazyPage(() => import('../pages/gallery-page').then((m) => m.GalleryPage));
const AboutPage = lazyPage(() => import('../pages/about-page').then((m) => m.AboutPage));
const ContactPage = lazyPage(() => import('../pages/contact-page').then((m) => m.ContactPage));
const ServiceAreasPage = lazyPage(() =>
  import('../pages/service-areas-page').then((m) => m.ServiceAreasPage),
);
const PricingPage = lazyPage(() => import('../pages/pricing-page').then((m) => m.PricingPage));
const CustomerPortalPage = lazyPage(() =>
  import('../pages/customer-portal-page').then((m) => m.CustomerPortalPage),
);
const BookingPage = lazyPage(() => import('../pages/booking-page').then((m) => m.BookingPage));
const ServiceHistoryPage = lazyPage(() =>
  import('../pages/service-history-page').then((m) => m.ServiceHistoryPage),
);
const FeedbackPage = lazyPage(() => import('../pages/feedback-page').then((m) => m.FeedbackPage));
const ComplaintsPage = lazyPage(() =>
  import('../pages/complaints-page').then((m) => m.ComplaintsPage),
);
const DashboardPage = lazyPage(() =>
  import('../pages/dashboard-page').then((m) => m.DashboardPage),
);
const AuthPage = lazyPage(() => import('../pages/auth-page').then((m) => m.AuthPage));
const CheckoutPage = lazyPage(() => import('../pages/checkout-page').then((m) => m.CheckoutPage));
const CheckoutSuccessPage = lazyPage(() =>
  import('../pages/checkout-success-page').then((m) => m.CheckoutSuccessPage),
);
const AdminRoute = lazy(() => import('./require-admin').then((m) => ({ default: m.AdminRoute })));
const RequireAdmin = lazy(() =>
  import('./require-admin').then((m) => ({ default: m.RequireAdmin })),
);
const StaffNeedsAttention = lazy(() =>
  import('./require-admin').then((m) => ({ default: m.StaffNeedsAttention })),
);
const DriverRoute = lazy(() => import('./driver-route').then((m) => ({ default: m.DriverRoute })));
const AccountRoute = lazy(() =>
  import('./account-route').then((m) => ({ default: m.AccountRoute })),
);
const loadFleet = afterSyncCode(() => import('../features/fleet'));
const FleetPage = lazy(() => loadFleet().then((m) => ({ default: m.FleetPage })));
const loadCompliance = afterSyncCode(() => import('../features/compliance'));
const CompliancePage = lazy(() => loadCompliance().then((m) => ({ default: m.CompliancePage })));
const SyncStatusChip = lazy(() => loadSyncStatus().then((m) => ({ default: m.SyncStatusChip })));
const NotFoundPage = lazyPage(() => import('../pages/not-found-page').then((m) => m.NotFoundPage));

/** Pre-rendered paths and the heading each page's first HTML carries (tested in e2e). */
export const PUBLIC_ROUTES = [
  '/',
  '/services',
  '/gallery',
  '/about',
  '/contact',
  '/service-areas',
  '/pricing',
  '/customer-portal',
  '/booking',
  '/book-service',
  '/service-history',
  '/feedback',
  '/complaints',
  '/dashboard',
  '/auth',
  '/login',
  '/register',
  '/checkout',
  '/checkout/success',
] as const;

/** Paths drawn only in the browser (the staff screens); the server answers them with the shell. */
export const CLIENT_ONLY_ROUTES = ['/admin', '/admin/*', '/driver', '/account'] as const;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/services', element: <ServicesPage /> },
      { path: '/gallery', element: <GalleryPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      {
        path: '/admin/fleet',
        element: (
          <RequireAdmin>
            <FleetPage
              syncStatus={
                <Suspense fallback={null}>
                  <SyncStatusChip />
                </Suspense>
              }
              syncIssues={
                <Suspense fallback={null}>
                  <StaffNeedsAttention />
                </Suspense>
              }
            />
          </RequireAdmin>
        ),
      },
      {
        path: '/admin/compliance',
        element: (
          <RequireAdmin>
            <CompliancePage
              syncStatus={
                <Suspense fallback={null}>
                  <SyncStatusChip />
                </Suspense>
              }
            />
          </RequireAdmin>
        ),
      },
      { path: '/admin/*', element: <AdminRoute /> },
      {
        path: '/driver',
        element: (
          <Suspense fallback={null}>
            <DriverRoute />
          </Suspense>
        ),
      },
      {
        path: '/account',
        element: (
          <Suspense fallback={null}>
            <AccountRoute />
          </Suspense>
        ),
      },
      { path: '/service-areas', element: <ServiceAreasPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/customer-portal', element: <CustomerPortalPage /> },
      { path: '/booking', element: <BookingPage variant="standard" /> },
      { path: '/book-service', element: <BookingPage variant="integrated" /> },
      { path: '/service-history', element: <ServiceHistoryPage /> },
      { path: '/feedback', element: <FeedbackPage /> },
      { path: '/complaints', element: <ComplaintsPage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/auth', element: <AuthPage onSignInBegun={preloadStaffCode} /> },
      { path: '/login', element: <AuthPage onSignInBegun={preloadStaffCode} /> },
      {
        path: '/register',
        element: <AuthPage initialTab="register" onSignInBegun={preloadStaffCode} />,
      },
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/checkout/success', element: <CheckoutSuccessPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Loads the page module of `pathname` (the browser entry does, before hydrating it). */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((match) => {
      const type = (match.route.element as { type?: { preload?: () => Promise<void> } } | null)
        ?.type;
      return type?.preload?.();
    }),
  );
}
