/**
 * The business profile (owner names, phones, email) is configuration the server serves at GET
 * /api/config (docs/architecture.md). Pages start from the built-in defaults, then show the
 * server's profile; the last one received is kept in localStorage so an offline start shows the
 * real phone numbers rather than placeholders.
 */
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import {
  DEFAULT_BUSINESS_PROFILE,
  type BankDetails,
  type BusinessOwner,
  type BusinessProfile,
  type Depot,
} from '@pilbara/shared-schema';
import { apiRequest } from '../lib/http';
import { usePageHydrated } from '../lib/hydration';

const PROFILE_STORAGE_KEY = 'businessProfile';

export interface SiteConfig {
  profile: BusinessProfile;
  cardPaymentsEnabled: boolean;
}

const PROFILE_TEXT_FIELDS = [
  'tradingName',
  'staffPhone',
  'email',
  'abn',
  'region',
  'stripePublishableKey',
  'publicUrl',
] as const;

function isDepot(value: unknown): value is Depot {
  if (typeof value !== 'object' || value === null) return false;
  const depot = value as Record<string, unknown>;
  return (
    typeof depot.name === 'string' &&
    typeof depot.latitude === 'number' &&
    typeof depot.longitude === 'number'
  );
}

function isBank(value: unknown): value is BankDetails {
  if (typeof value !== 'object' || value === null) return false;
  const bank = value as Record<string, unknown>;
  return ['accountName', 'bsb', 'accountNumber', 'payId'].every(
    (key) => typeof bank[key] === 'string',
  );
}

function isOwner(value: unknown): value is BusinessOwner {
  if (typeof value !== 'object' || value === null) return false;
  const owner = value as Record<string, unknown>;
  return (
    ['name', 'role', 'phone', 'blurb'].every((key) => typeof owner[key] === 'string') &&
    (owner.name as string).length > 0
  );
}

/**
 * Checks the shape of a config answer or cached copy. Written by hand rather than with the zod
 * schema so that zod stays out of the first load of every page; the server validated it already.
 */
export function parseSiteConfig(value: unknown): SiteConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { profile, cardPaymentsEnabled } = value as Record<string, unknown>;
  if (typeof cardPaymentsEnabled !== 'boolean' || typeof profile !== 'object' || profile === null)
    return null;
  const fields = profile as Record<string, unknown>;
  if (!PROFILE_TEXT_FIELDS.every((key) => typeof fields[key] === 'string')) return null;
  const owners = fields.owners;
  if (!Array.isArray(owners) || owners.length === 0 || !owners.every(isOwner)) return null;
  const result: BusinessProfile = {
    tradingName: fields.tradingName as string,
    owners: owners.map(({ name, role, phone, blurb }) => ({ name, role, phone, blurb })),
    staffPhone: fields.staffPhone as string,
    email: fields.email as string,
    abn: fields.abn as string,
    region: fields.region as string,
    // A copy kept by an older version of the app lacks these: the defaults stand in until the
    // server's answer replaces it.
    hours: typeof fields.hours === 'string' ? fields.hours : DEFAULT_BUSINESS_PROFILE.hours,
    serviceRadiusKm:
      typeof fields.serviceRadiusKm === 'number'
        ? fields.serviceRadiusKm
        : DEFAULT_BUSINESS_PROFILE.serviceRadiusKm,
    depot: isDepot(fields.depot)
      ? {
          name: fields.depot.name,
          latitude: fields.depot.latitude,
          longitude: fields.depot.longitude,
        }
      : DEFAULT_BUSINESS_PROFILE.depot,
    bank: isBank(fields.bank)
      ? {
          accountName: fields.bank.accountName,
          bsb: fields.bank.bsb,
          accountNumber: fields.bank.accountNumber,
          payId: fields.bank.payId,
        }
      : DEFAULT_BUSINESS_PROFILE.bank,
    stripePublishableKey: fields.stripePublishableKey as string,
    publicUrl: fields.publicUrl as string,
  };
  return { profile: result, cardPaymentsEnabled };
}

export const DEFAULT_CONFIG: SiteConfig = {
  profile: DEFAULT_BUSINESS_PROFILE,
  cardPaymentsEnabled: false,
};

const ProfileContext = createContext<SiteConfig>(DEFAULT_CONFIG);
/**
 * Whether the profile shown is the deployment's (from the server, now or cached, or given by a
 * test) rather than the built-in placeholders: what says the ABN is missing must not flash up
 * before the real profile arrives.
 */
const ProfileKnownContext = createContext<boolean>(false);

function readCached(): SiteConfig | null {
  if (typeof window === 'undefined') return null;
  try {
    const raw = window.localStorage.getItem(PROFILE_STORAGE_KEY);
    if (!raw) return null;
    const parsed = parseSiteConfig(JSON.parse(raw));
    if (parsed) return parsed;
    window.localStorage.removeItem(PROFILE_STORAGE_KEY);
  } catch {
    // Unreadable JSON or storage blocked: fall back to the defaults.
  }
  return null;
}

function writeCached(config: SiteConfig): void {
  try {
    window.localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(config));
  } catch {
    // Storage full or blocked: the profile lives in memory for this visit.
  }
}

/**
 * `initial` fixes the config (tests; nothing is fetched). `prerendered` is the config the page's
 * HTML was rendered with (embedded in the page by the build or the server): the browser starts
 * from it so hydration matches, then asks the server for the current one.
 */
export function ProfileProvider({
  children,
  initial,
  prerendered,
}: {
  children: ReactNode;
  initial?: SiteConfig | undefined;
  prerendered?: SiteConfig | undefined;
}) {
  const [cached] = useState(() => (initial ? null : readCached()));
  const [config, setConfig] = useState<SiteConfig>(
    () => initial ?? prerendered ?? cached ?? DEFAULT_CONFIG,
  );
  const [known, setKnown] = useState(Boolean(initial) || cached !== null);

  // Asked once the page has hydrated: a changed answer arriving meanwhile would start the page's
  // hydration again (lib/hydration.ts).
  const pageHydrated = usePageHydrated();
  useEffect(() => {
    if (initial || !pageHydrated) return;
    const controller = new AbortController();
    apiRequest<unknown>('/api/config', { signal: controller.signal })
      .then((answer) => {
        const parsed = parseSiteConfig(answer);
        if (!parsed) return;
        writeCached(parsed);
        // The same profile the page already shows is not an update (no re-render of the page).
        // A changed one re-renders every part that shows the profile and makes React finish
        // hydrating at the update's priority: as a transition, that work yields to the browser
        // every few milliseconds instead of holding the main thread in one long task.
        startTransition(() => {
          setConfig((current) =>
            JSON.stringify(current) === JSON.stringify(parsed) ? current : parsed,
          );
          setKnown(true);
        });
      })
      .catch(() => {
        // Offline or server error: keep the cached or default profile.
      });
    return () => controller.abort();
  }, [initial, pageHydrated]);

  return (
    <ProfileContext.Provider value={config}>
      <ProfileKnownContext.Provider value={known}>{children}</ProfileKnownContext.Provider>
    </ProfileContext.Provider>
  );
}

/** Whether the profile is the deployment's, not the built-in placeholders (see above). */
export function useProfileKnown(): boolean {
  return useContext(ProfileKnownContext);
}

/** The active business profile. */
export function useProfile(): BusinessProfile {
  return useContext(ProfileContext).profile;
}

/** The two operators whose phone lines the site shows. */
export function useOperators(): {
  main: BusinessProfile['owners'][number];
  second: BusinessProfile['owners'][number] | undefined;
} {
  const { owners } = useProfile();
  const main = owners[0] ?? DEFAULT_BUSINESS_PROFILE.owners[0]!;
  return { main, second: owners[1] };
}
