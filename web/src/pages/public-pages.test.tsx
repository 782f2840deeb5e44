import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  BUILT_IN_PRICES,
  DEFAULT_BUSINESS_PROFILE,
  PRODUCT_NAME,
  PUBLIC_PRICE_GROUPS,
  formatPrice,
  publicPriceCard,
} from '@pilbara/shared-schema';
import { renderScreen } from '../app/test-providers';
import { telHref } from '../lib/format';
import { AboutPage } from './about-page';
import { ContactPage } from './contact-page';
import { NotFoundPage } from './not-found-page';
import { PricingPage } from './pricing-page';
import { ServiceAreasPage } from './service-areas-page';
import { ServicesPage } from './services-page';

const PROFILE = DEFAULT_BUSINESS_PROFILE;
const [MAIN, SECOND] = PROFILE.owners;

function hrefs(links: HTMLElement[]): (string | null)[] {
  return links.map((link) => link.getAttribute('href'));
}

describe('the pricing guide', () => {
  it('shows every advertised price from the one price list', () => {
    renderScreen(<PricingPage />, { route: '/pricing' });
    const prices = PUBLIC_PRICE_GROUPS.flatMap((group) =>
      group.keys.map((key) => publicPriceCard(BUILT_IN_PRICES, key)!),
    );
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) {
      const heading = screen.getByRole('heading', { name: price.label });
      const card = heading.closest<HTMLElement>('.mantine-Card-root');
      expect(card).not.toBeNull();
      expect(
        within(card!).getByText(
          new RegExp(`^${formatPrice(price.priceCents).replace('$', '\\$')}`),
        ),
      ).toBeTruthy();
      if (price.unit === 'hour') expect(within(card!).getByText('per hour')).toBeTruthy();
      if (price.perKmCents)
        expect(
          within(card!).getByText(
            new RegExp(`${formatPrice(price.perKmCents).replace('$', '\\$')} per km`),
          ),
        ).toBeTruthy();
    }
  });

  it('is titled for the browser tab and the bookmarks', async () => {
    renderScreen(<PricingPage />, { route: '/pricing' });
    await waitFor(() => expect(document.title).toBe(`Pricing | ${PRODUCT_NAME}`));
  });
});

describe('the contact page', () => {
  it('rings each owner, the office and the main line, and writes to the business email', () => {
    renderScreen(<ContactPage />, { route: '/contact' });
    const links = hrefs(screen.getAllByRole('link'));
    for (const owner of PROFILE.owners) expect(links).toContain(telHref(owner.phone));
    expect(links).toContain(telHref(PROFILE.staffPhone));
    expect(links).toContain(`mailto:${PROFILE.email}`);
    expect(screen.getByText(`${MAIN!.name}:`, { exact: false })).toBeTruthy();
  });

  it('offers the message form below the phone numbers', async () => {
    renderScreen(<ContactPage />, { route: '/contact' });
    expect(await screen.findByRole('form', { name: 'Send us a Message' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Contact Us | ${PRODUCT_NAME}`));
  });
});

describe('the about page', () => {
  it('introduces both owners by name with a number to ring each', () => {
    renderScreen(<AboutPage />, { route: '/about' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(MAIN!.name);
    for (const owner of PROFILE.owners) {
      const heading = screen.getByRole('heading', { name: owner.name, level: 3 });
      expect(heading).toBeTruthy();
      expect(hrefs(screen.getAllByRole('link'))).toContain(telHref(owner.phone));
      expect(screen.getByText(owner.blurb)).toBeTruthy();
    }
  });
});

describe('the services page', () => {
  it('lists the six services and a way to call or ask online', () => {
    renderScreen(<ServicesPage />, { route: '/services' });
    for (const title of [
      'Emergency Towing',
      '4x4 & Off-Road Recovery',
      'Automotive Repairs',
      'Roadside Assistance',
      'Vehicle Transport',
      'Commercial Services',
    ])
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    const emergency = screen
      .getByRole('heading', { name: 'Need Emergency Service?' })
      .closest<HTMLElement>('.mantine-Card-root')!;
    const links = hrefs(within(emergency).getAllByRole('link'));
    expect(links).toContain(telHref(MAIN!.phone));
    if (SECOND) expect(links).toContain(telHref(SECOND.phone));
    expect(links).toContain('/contact');
  });
});

describe('the service areas page', () => {
  it('gives each region its places, and no response time nobody measured', () => {
    renderScreen(<ServiceAreasPage />, { route: '/service-areas' });
    expect(screen.getByRole('heading', { name: 'Karratha & Suburbs' })).toBeTruthy();
    // The pre-rendered page has no recorded figures yet: no made-up ranges stand in for them.
    expect(screen.queryByText(/^\d+-\d+ min$/)).toBeNull();
    for (const place of ['Bulgarra', 'Dampier', 'Roebourne', 'Point Samson'])
      expect(screen.getAllByText(place).length).toBeGreaterThan(0);
  });
});

describe('a page that does not exist', () => {
  it('says so and leads home', async () => {
    renderScreen(<NotFoundPage />, { route: '/nowhere' });
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    const home = screen.getAllByRole('link').find((link) => link.getAttribute('href') === '/');
    expect(home).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Page Not Found | ${PRODUCT_NAME}`));
  });
});
