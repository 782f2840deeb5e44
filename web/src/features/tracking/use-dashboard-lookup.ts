import { useCallback, useState } from 'react';
import { isJobIdLookup, type CustomerInfo } from './customer-info';
import { fetchCustomerJobs } from './use-customer-jobs';

export type LookupState =
  { status: 'idle' } | { status: 'busy' } | { status: 'none'; lookup: string };

/**
 * The dashboard's "Access Dashboard": looks the customer up by phone or job ID and, when jobs are
 * found, returns the customer info to save. The name comes from the newest job; the
 * phone is what the customer typed, since the server masks the stored one (DESIGN §7).
 */
export function useDashboardLookup(onFound: (info: CustomerInfo) => void) {
  const [state, setState] = useState<LookupState>({ status: 'idle' });

  const lookUp = useCallback(
    async (lookup: string, proof?: string) => {
      setState({ status: 'busy' });
      try {
        const jobs = await fetchCustomerJobs(lookup, proof);
        const newest = [...jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
        if (!newest) {
          setState({ status: 'none', lookup });
          return;
        }
        setState({ status: 'idle' });
        onFound({
          name: newest.customerName,
          phone: isJobIdLookup(lookup) ? newest.phone : lookup,
          // The server masks emails in public answers (DESIGN §7); the masked one is still a useful hint.
          email: jobs.find((job) => job.email)?.email ?? '',
          lookup: isJobIdLookup(lookup) ? lookup.toUpperCase() : lookup,
          ...(proof ? { proof } : {}),
        });
      } catch (error) {
        // Spec §8: a failed dashboard lookup is only logged; the user sees nothing.
        console.error('Dashboard lookup failed', error);
        setState({ status: 'idle' });
      }
    },
    [onFound],
  );

  return { state, lookUp };
}
