/**
 * The dashboard's saved customer (spec §3 'customerInfo': name, phone, email). `lookup` is what
 * the customer typed (phone or job ID) and is what the dashboard polls with, because the phone
 * the server returns is masked (DESIGN §7) and cannot be looked up again.
 */
import { useCallback } from 'react';
import { z } from 'zod';
import { STORAGE_KEYS } from '@pilbara/shared-schema';
import { useBrowserState } from '../../lib/hydration';
import { readStored, removeStored, writeStored } from '../../lib/storage';

const customerInfoSchema = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string().default(''),
  lookup: z.string().min(1).optional(),
  /** The phone digits that proved a job-ID lookup (DESIGN §11); sent again with each poll. */
  proof: z.string().min(1).optional(),
});

export type CustomerInfo = z.infer<typeof customerInfoSchema>;

export function useCustomerInfo() {
  // Pre-rendered as signed out; the saved customer shows once the page is hydrated.
  const [info, setInfo] = useBrowserState<CustomerInfo | null>(
    () =>
      readStored(
        STORAGE_KEYS.customerInfo,
        (value) => customerInfoSchema.safeParse(value).data ?? null,
      ),
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
