/**
 * Accounts and the owners' price lists as this device holds them (synced tables, read from
 * Dexie): the account pickers of the job, booking and quote screens, the accounts screen, and
 * the prices the quote tool offers. Shared by the admin panel and the quotes manager, offline as
 * online.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import {
  accountSchema,
  perthDate,
  priceListSchema,
  priceTable,
  type Account,
  type Invoice,
  type PriceList,
  type PriceTable,
} from '@pilbara/shared-schema';
import { db } from '../../sync';

const EMPTY: never[] = [];

/** Every account this device holds, by name (rows that do not read as one are left out). */
export function useAccounts(): Account[] {
  return (
    useLiveQuery(async () => {
      const rows = await db.accounts.toArray();
      return rows
        .flatMap((row) => {
          const parsed = accountSchema.safeParse(row);
          return parsed.success ? [parsed.data] : [];
        })
        .sort((a, b) => a.name.localeCompare(b.name));
    }, []) ?? EMPTY
  );
}

/** Every price list this device holds. */
export function usePriceLists(): PriceList[] {
  return (
    useLiveQuery(async () => {
      const rows = await db.price_lists.toArray();
      return rows.flatMap((row) => {
        const parsed = priceListSchema.safeParse(row);
        return parsed.success ? [parsed.data] : [];
      });
    }, []) ?? EMPTY
  );
}

/** The prices in force today (Perth) for an account's work, or a one-off customer's (null). */
export function usePriceTable(accountId: number | null | undefined): PriceTable {
  const lists = usePriceLists();
  return priceTable(lists, accountId ?? null, perthDate(new Date()));
}

/** The invoices of the accounts (for credit standing and blanket POs), as this device has them. */
export function useAccountInvoices(): Invoice[] {
  return (
    useLiveQuery(
      async () =>
        (await db.invoices.toArray()).filter(
          (row) => typeof row.accountId === 'number',
        ) as Invoice[],
      [],
    ) ?? EMPTY
  );
}
