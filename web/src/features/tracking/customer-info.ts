/**
 * The dashboard's saved customer (localStorage 'customerInfo': name, phone, email). `lookup` is
 * what the customer typed (phone or job ID) and is what the dashboard polls with, because the phone
 * the server returns is masked (docs/security.md) and cannot be looked up again.
 */
import { useCallback } from 'react';
import { STORAGE_KEYS } from '@pilbara/shared-schema';
import { useBrowserState } from '../../lib/hydration';
import { readStored, removeStored, writeStored } from '../../lib/storage';

export interface CustomerInfo {
  name: string;
  phone: string;
  email: string;
  lookup?: string;
  /** The phone digits that proved a job-ID lookup (docs/security.md); sent again with each poll. */
  proof?: string;
}

/**
 * The stored value read back, or null when it is not a saved customer (an older or corrupted
 * value). Checked by hand rather than with a zod schema: zod would put its whole library
 * on the feedback form's first load, for a value this page itself wrote.
 */
export function parseCustomerInfo(value: unknown): CustomerInfo | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { name, phone, email = '', lookup, proof } = value as Record<string, unknown>;
  if (typeof name !== 'string' || typeof phone !== 'string' || typeof email !== 'string') {
    return null;
  }
  const info: CustomerInfo = { name, phone, email };
  for (const [key, text] of [
    ['lookup', lookup],
    ['proof', proof],
  ] as const) {
    if (text === undefined) continue;
    if (typeof text !== 'string' || text === '') return null;
    info[key] = text;
  }
  return info;
}

export function useCustomerInfo() {
  // Pre-rendered as signed out; the saved customer shows once the page is hydrated.
  const [info, setInfo] = useBrowserState<CustomerInfo | null>(
    () => readStored(STORAGE_KEYS.customerInfo, parseCustomerInfo),
    null,
  );
  const save = useCallback(
    (next: CustomerInfo) => {
      writeStored(STORAGE_KEYS.customerInfo, next);
      setInfo(next);
    },
    [setInfo],
  );
  const clear = useCallback(() => {
    removeStored(STORAGE_KEYS.customerInfo);
    setInfo(null);
  }, [setInfo]);
  return { info, save, clear };
}

export { isJobIdLookup } from '@pilbara/shared-schema';
