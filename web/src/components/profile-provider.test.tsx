import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import {
  DEFAULT_BUSINESS_PROFILE,
  businessProfileSchema,
  configResponseSchema,
} from '@pilbara/shared-schema';
import { renderScreen } from '../app/test-providers';
import { fakeApi, json } from '../lib/testing/fake-api';
import {
  ProfileProvider,
  parseSiteConfig,
  useOperators,
  useProfileKnown,
  type SiteConfig,
} from './profile-provider';

/** The deployment's own configuration, as GET /api/config answers it. */
const DEPLOYED = configResponseSchema.parse({
  profile: {
    ...DEFAULT_BUSINESS_PROFILE,
    owners: DEFAULT_BUSINESS_PROFILE.owners.map((owner, index) => ({
      ...owner,
      name: ['Jess Walker', 'Mick Hall'][index]!,
      phone: ['0400 123 456', '0400 654 321'][index]!,
    })),
    abn: '51 824 753 556',
  },
  cardPaymentsEnabled: true,
});

/** What a page shows of the profile: the number to ring, and whether it is the real one. */
function CallLine() {
  const { main } = useOperators();
  const known = useProfileKnown();
  return (
    <p data-testid="call-line" data-known={known}>
      {`${main.name} ${main.phone}`}
    </p>
  );
}

function line() {
  return screen.getByTestId('call-line');
}

function shows(config: SiteConfig | typeof DEFAULT_BUSINESS_PROFILE) {
  const owner = 'profile' in config ? config.profile.owners[0]! : config.owners[0]!;
  return `${owner.name} ${owner.phone}`;
}

function renderPage(props: Omit<Parameters<typeof ProfileProvider>[0], 'children'> = {}) {
  return renderScreen(
    <ProfileProvider {...props}>
      <CallLine />
    </ProfileProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the business profile on the public pages', () => {
  it('starts from the built-in placeholders, not yet known, then shows the deployment’s', async () => {
    const api = fakeApi({ 'GET /api/config': json(DEPLOYED) });
    renderPage();
    expect(line().textContent).toBe(shows(DEFAULT_BUSINESS_PROFILE));
    expect(line().dataset.known).toBe('false');
    await waitFor(() => expect(line().textContent).toBe(shows(DEPLOYED)));
    expect(line().dataset.known).toBe('true');
    expect(api.callsTo('GET /api/config')).toHaveLength(1);
  });

  it('opens offline with the real numbers it last received', async () => {
    fakeApi({ 'GET /api/config': json(DEPLOYED) });
    const first = renderPage();
    await waitFor(() => expect(line().textContent).toBe(shows(DEPLOYED)));
    first.unmount();

    const api = fakeApi();
    renderPage();
    expect(line().textContent).toBe(shows(DEPLOYED));
    expect(line().dataset.known).toBe('true');
    await waitFor(() => expect(api.callsTo('GET /api/config')).toHaveLength(1));
  });

  it('keeps what it has over an answer it cannot read', async () => {
    localStorage.setItem('businessProfile', JSON.stringify(DEPLOYED));
    const api = fakeApi({ 'GET /api/config': json({ profile: { owners: 'none' } }) });
    renderPage();
    await waitFor(() => expect(api.callsTo('GET /api/config')).toHaveLength(1));
    expect(line().textContent).toBe(shows(DEPLOYED));
    expect(JSON.parse(localStorage.getItem('businessProfile')!)).toEqual(DEPLOYED);
  });

  it('starts from the profile the page was pre-rendered with, so hydration matches', async () => {
    const api = fakeApi({ 'GET /api/config': json(DEPLOYED) });
    const prerendered = {
      ...DEPLOYED,
      profile: { ...DEPLOYED.profile, owners: [DEPLOYED.profile.owners[1]!] },
    };
    renderPage({ prerendered });
    expect(line().textContent).toBe(shows(prerendered));
    await waitFor(() => expect(line().textContent).toBe(shows(DEPLOYED)));
    expect(api.callsTo('GET /api/config')).toHaveLength(1);
  });

  it('asks nothing when the profile is given', () => {
    const api = fakeApi({ 'GET /api/config': json(DEPLOYED) });
    renderPage({ initial: DEPLOYED });
    expect(line().textContent).toBe(shows(DEPLOYED));
    expect(line().dataset.known).toBe('true');
    expect(api.calls).toEqual([]);
  });
});

describe('parseSiteConfig', () => {
  it('accepts what the server sends and drops unknown fields', () => {
    const answer = {
      profile: { ...DEFAULT_BUSINESS_PROFILE, extra: 1 },
      cardPaymentsEnabled: true,
    };
    const parsed = parseSiteConfig(answer);
    expect(parsed?.cardPaymentsEnabled).toBe(true);
    expect(parsed?.profile).toEqual(DEFAULT_BUSINESS_PROFILE);
    // The hand-written check agrees with the shared schema on a valid profile.
    expect(businessProfileSchema.parse(parsed?.profile)).toEqual(parsed?.profile);
  });

  it('reads a copy kept by an older app without hours, depot or bank details as the defaults', () => {
    const {
      hours: _h,
      serviceRadiusKm: _r,
      depot: _d,
      bank: _b,
      ...older
    } = {
      ...DEFAULT_BUSINESS_PROFILE,
      tradingName: 'Red Dirt Towing',
    };
    const parsed = parseSiteConfig({ profile: older, cardPaymentsEnabled: false });
    expect(parsed?.profile.tradingName).toBe('Red Dirt Towing');
    expect(parsed?.profile.bank).toEqual(DEFAULT_BUSINESS_PROFILE.bank);
    expect(parsed?.profile.depot).toEqual(DEFAULT_BUSINESS_PROFILE.depot);
    expect(businessProfileSchema.parse(parsed?.profile)).toEqual(parsed?.profile);
  });

  it('rejects answers missing owners or with wrong types', () => {
    expect(parseSiteConfig(null)).toBeNull();
    expect(parseSiteConfig({ profile: DEFAULT_BUSINESS_PROFILE })).toBeNull();
    expect(
      parseSiteConfig({
        profile: { ...DEFAULT_BUSINESS_PROFILE, owners: [] },
        cardPaymentsEnabled: false,
      }),
    ).toBeNull();
    expect(
      parseSiteConfig({
        profile: { ...DEFAULT_BUSINESS_PROFILE, email: 5 },
        cardPaymentsEnabled: false,
      }),
    ).toBeNull();
    expect(
      parseSiteConfig({
        profile: {
          ...DEFAULT_BUSINESS_PROFILE,
          owners: [{ name: 'A', role: 'B', phone: 1, blurb: '' }],
        },
        cardPaymentsEnabled: false,
      }),
    ).toBeNull();
  });
});
