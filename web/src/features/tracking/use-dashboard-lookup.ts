import { useCallback, useState } from 'react';
import { readSavedBookings, samePhone } from '../../lib/my-bookings';
import { isJobIdLookup, type CustomerInfo } from './customer-info';
import { fetchCustomerRecords, type CustomerRecords } from './use-customer-jobs';

export type LookupState =
  { status: 'idle' } | { status: 'busy' } | { status: 'none'; lookup: string };

/**
 * The dashboard's "Access Dashboard": looks the customer up by phone or job ID (proved by the
 * phone digits) and, when jobs or pending bookings are found (at the server, or made on this
 * phone), returns the customer info to save. The name comes from the newest record; the phone is
 * what the customer typed, since the server masks the stored one (docs/security.md).
 */
export function useDashboardLookup(onFound: (info: CustomerInfo) => void) {
  const [state, setState] = useState<LookupState>({ status: 'idle' });

  const lookUp = useCallback(
    async (lookup: string, proof?: string) => {
      setState({ status: 'busy' });
      try {
        const idLookup = isJobIdLookup(lookup);
        const device = idLookup
          ? []
          : readSavedBookings().filter((b) => samePhone(b.phone, lookup));
        let records: CustomerRecords = {
          jobs: [],
          bookings: [],
          bookingsListed: false,
          reviewedJobIds: [],
        };
        try {
          records = await fetchCustomerRecords(lookup, proof);
        } catch (error) {
          // Offline or server trouble: bookings made on this phone still open the dashboard.
          if (device.length === 0) throw error;
        }
        const { jobs, bookings } = records;
        const newest = [...jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
        const name = newest?.customerName ?? bookings[0]?.customerName ?? device[0]?.customerName;
        if (!name) {
          setState({ status: 'none', lookup });
          return;
        }
        setState({ status: 'idle' });
        onFound({
          name,
          phone: idLookup ? (newest?.phone ?? lookup) : lookup,
          // The server masks emails in public answers (docs/security.md); the masked one is still a
          // useful hint.
          email: jobs.find((job) => job.email)?.email ?? '',
          lookup: idLookup ? lookup.toUpperCase() : lookup,
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
