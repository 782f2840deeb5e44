/**
 * The header's public links, from the home page through services and company pages to booking
 * and the customer's own pages; Admin Panel is added for admins only.
 */
export interface NavItem {
  label: string;
  to: string;
}

export const NAV_LINKS: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Services', to: '/services' },
  { label: 'Gallery', to: '/gallery' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
  { label: 'Service Areas', to: '/service-areas' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Book Service', to: '/book-service' },
  { label: 'Track Job', to: '/customer-portal' },
  { label: 'My Dashboard', to: '/dashboard' },
];

export const ADMIN_LINK: NavItem = { label: 'Admin Panel', to: '/admin' };

/** The driver's own screen, in the header for drivers. */
export const DRIVER_LINK: NavItem = { label: 'My Jobs', to: '/driver' };

/** The account portal, in the header for an account's own sign-in. */
export const ACCOUNT_LINK: NavItem = { label: 'My Account', to: '/account' };
