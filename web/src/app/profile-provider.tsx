/**
 * The business profile (owner names, phones, email) is configuration the server serves at
 * GET /api/config (DESIGN §3). Pages start from the built-in defaults, then show the server's
 * profile; the last one received is kept in localStorage so an offline start shows the real
 * phone numbers rather than placeholders.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { apiRequest } from '../lib/http';
import { businessProfileSchema, DEFAULT_BUSINESS_PROFILE, type BusinessProfile } from '@pilbara/shared-schema';

export const PROFILE_STORAGE_KEY = 'businessProfile';

export interface SiteConfig {
  profile: BusinessProfile;
  cardPaymentsEnabled: boolean;
}

const siteConfigSchema = z.object({
  profile: businessProfileSchema,
  cardPaymentsEnabled: z.boolean(),
});

const DEFAULT_CONFIG: SiteConfig = { profile: DEFAULT_BUSINESS_PROFILE, cardPaymentsEnabled: false };

const ProfileContext = createContext<SiteConfig>(DEFAULT_CONFIG);

function readCached(): SiteConfig | null {
  try {
    const raw = window.localStorage.getItem(PROFILE_STORAGE_KEY);
    if (!raw) return null;
    const parsed = siteConfigSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
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

export function ProfileProvider({ children, initial }: { children: ReactNode; initial?: SiteConfig }) {
  const [config, setConfig] = useState<SiteConfig>(() => initial ?? readCached() ?? DEFAULT_CONFIG);

  useEffect(() => {
    if (initial) return;
    const controller = new AbortController();
    apiRequest<unknown>('/api/config', { signal: controller.signal })
      .then((answer) => {
        const parsed = siteConfigSchema.safeParse(answer);
        if (!parsed.success) return;
        writeCached(parsed.data);
        setConfig(parsed.data);
      })
      .catch(() => {
        // Offline or server error: keep the cached or default profile.
      });
    return () => controller.abort();
  }, [initial]);

  return <ProfileContext.Provider value={config}>{children}</ProfileContext.Provider>;
}

/** The active business profile and whether card payment is set up. */
export function useSiteConfig(): SiteConfig {
  return useContext(ProfileContext);
}

/** The active business profile. */
export function useProfile(): BusinessProfile {
  return useContext(ProfileContext).profile;
}

/** The two operators whose phone lines the site shows (spec: {phone} and {phone}). */
export function useOperators(): { main: BusinessProfile['owners'][number]; second: BusinessProfile['owners'][number] | undefined } {
  const { owners } = useProfile();
  const main = owners[0] ?? DEFAULT_BUSINESS_PROFILE.owners[0]!;
  return { main, second: owners[1] };
}
