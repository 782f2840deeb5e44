/**
 * What the account portal's tests share: the portal answer of the Cape Lambert account as the
 * server sends it (checked with the shared response schema, which also drops what an account's
 * own sign-in never sees), and the contact signed in.
 */
import {
  portalResponseSchema,
  type PortalAccount,
  type PortalResponse,
} from '@pilbara/shared-schema';
import { anAccount } from '@pilbara/shared-schema/testing';

/** The account's contact, signed in to the portal. */
export const PRIYA = {
  accountId: 1,
  firstName: 'Priya',
  lastName: 'Nair',
  email: 'priya@capelambert.example',
  phone: '0891 000 111',
};

/** The account as its portal shows it: two sites, each without its inductions. */
export function portalAccount(overrides: Partial<PortalAccount> = {}): PortalAccount {
  const account = anAccount({ id: 1 });
  return portalResponseSchema.shape.account.parse({
    ...account,
    sites: [
      ...account.sites,
      {
        id: 's2',
        name: 'Dampier wharf',
        location: 'Mof Rd, Dampier',
        gatePhone: null,
        accessNotes: null,
        inductionRequirements: null,
        inductions: [],
      },
    ],
    ...overrides,
  });
}

/** The portal answer: nothing yet but the account, unless told. */
export function aPortal(overrides: Partial<PortalResponse> = {}): PortalResponse {
  return portalResponseSchema.parse({
    account: portalAccount(),
    jobs: [],
    updates: [],
    bookings: [],
    quotes: [],
    invoices: [],
    creditNotes: [],
    statements: [],
    asOf: '2026-11-21T10:00:00.000Z',
    ...overrides,
  });
}
