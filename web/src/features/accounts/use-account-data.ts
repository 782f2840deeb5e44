/**
 * What the accounts screen reads from Dexie besides the accounts: the invoices on account with
 * the payments and credit notes recorded against them (statements, balances), and the trucks an
 * induction can name. Offline as online.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { CreditNote, Invoice, Payment, Vehicle } from '@pilbara/shared-schema';
import { db } from '../../sync';

const EMPTY: never[] = [];

/** Invoices on account, and their payments and credit notes. */
export function useAccountMoney(): {
  invoices: Invoice[];
  payments: Payment[];
  creditNotes: CreditNote[];
} {
  const invoices = useLiveQuery(
    async () =>
      (await db.invoices.toArray()).filter((row) => typeof row.accountId === 'number') as Invoice[],
    [],
  );
  const payments = useLiveQuery(async () => (await db.payments.toArray()) as Payment[], []);
  const creditNotes = useLiveQuery(
    async () => (await db.credit_notes.toArray()) as CreditNote[],
    [],
  );
  return {
    invoices: invoices ?? EMPTY,
    payments: payments ?? EMPTY,
    creditNotes: creditNotes ?? EMPTY,
  };
}

/** The trucks, by name. */
export function useTrucks(): { id: number; name: string }[] {
  return (
    useLiveQuery(async () => {
      const vehicles = (await db.vehicles.toArray()) as Vehicle[];
      return vehicles
        .filter((vehicle) => vehicle.isActive !== false)
        .map((vehicle) => ({ id: vehicle.id, name: vehicle.name || vehicle.registration }));
    }, []) ?? EMPTY
  );
}
