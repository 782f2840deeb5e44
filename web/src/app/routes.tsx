/**
 * The route table of spec/public-and-customer.md §2. Public pages are lazy so that each page
 * ships only its own code; staff screens live in their own chunks that public pages never load.
 * PUBLIC_ROUTES lists the paths the build pre-renders to HTML (scripts/prerender.mjs); every other
 * path the server knows is a staff screen drawn in the browser.
 */
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from './layout';

const HomePage = lazy(() => import('../pages/home-page').then((m) => ({ default: m.HomePage })));
const ServicesPage = lazy(() =>
  import('../pages/services-page').then((m) => ({ default: m.ServicesPage })),
);
const GalleryPage = lazy(() =>
  import('../pages/gallery-page').then((m) => ({ default: m.GalleryPage })),
);
const AboutPage = lazy(() => import('../pages/about-page').then((m) => ({ default: m.AboutPage })));
const ContactPage = lazy(() =>
  import('../pages/contact-page').then((m) => ({ default: m.ContactPage })),
);
const ServiceAreasPage = lazy(() =>
  import('../pages/service-areas-page').then((m) => ({ default: m.ServiceAreasPage })),
);
const PricingPage = lazy(() =>
  import('../pages/pricing-page').then((m) => ({ default: m.PricingPage })),
);
const CustomerPortalPage = lazy(() =>
  import('../pages/customer-portal-page').then((m) => ({ default: m.CustomerPortalPage })),
);
const BookingPage = lazy(() =>
  import('../pages/booking-page').then((m) => ({ default: m.BookingPage })),
);
const ServiceHistoryPage = lazy(() =>
  import('../pages/service-history-page').then((m) => ({ default: m.ServiceHistoryPage })),
);
const FeedbackPage = lazy(() =>
  import('../pages/feedback-page').then((m) => ({ default: m.FeedbackPage })),
);
const DashboardPage = lazy(() =>
  import('../pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const AuthPage = lazy(() => import('../pages/auth-page').then((m) => ({ default: m.AuthPage })));
const CheckoutPage = lazy(() =>
  import('../pages/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);
const CheckoutSuccessPage = lazy(() =>
  import('../pages/checkout-success-page').then((m) => ({ default: m.CheckoutSuccessPage })),
);
const AdminRoute = lazy(() => import('./require-admin').then((m) => ({ default: m.AdminRoute })));
const RequireAdmin = lazy(() =>
  import('./require-admin').then((m) => ({ default: m.RequireAdmin })),
);
const FleetPage = lazy(() => import('../features/fleet').then((m) => ({ default: m.FleetPage })));
const SyncStatusChip = lazy(() =>
  import('../features/sync-status').then((m) => ({ default: m.SyncStatusChip })),
);
const NeedsAttentionList = lazy(() =>
  import('../features/sync-status').then((m) => ({ default: m.NeedsAttentionList })),
);
const NotFoundPage = lazy(() =>
  import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

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
  '/dashboard',
  '/auth',
  '/login',
  '/register',
  '/checkout',
  '/checkout/success',
] as const;

/** Paths drawn only in the browser (the staff screens); the server answers them with the shell. */
export const CLIENT_ONLY_ROUTES = ['/admin', '/admin/*'] as const;

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
                  <NeedsAttentionList />
                </Suspense>
              }
            />
          </RequireAdmin>
        ),
      },
      { path: '/admin/*', element: <AdminRoute /> },
      { path: '/service-areas', element: <ServiceAreasPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/customer-portal', element: <CustomerPortalPage /> },
      { path: '/booking', element: <BookingPage variant="standard" /> },
      { path: '/book-service', element: <BookingPage variant="integrated" /> },
      { path: '/service-history', element: <ServiceHistoryPage /> },
      { path: '/feedback', element: <FeedbackPage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/login', element: <AuthPage /> },
      { path: '/register', element: <AuthPage initialTab="register" /> },
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/checkout/success', element: <CheckoutSuccessPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
