/**
 * The account, site and purchase-order fields of a booking, job or quote request (the stored
 * side is entities/common.ts `accountWorkFields`). All optional: work for a one-off customer
 * carries none of them.
 */
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../account-messages';
import { optionalText } from './fields';

/** A site's id within its account: what the device minted when the site was added. */
export const siteIdInput = z
  .string({ error: ACCOUNT_MESSAGES.SITE_REQUIRED })
  .trim()
  .min(1, ACCOUNT_MESSAGES.SITE_REQUIRED)
  .max(64);

/** A purchase-order number as the customer gives it: one line, up to 50 characters. */
export const poNumberInput = optionalText(50).refine(
  (value) => value === null || !/[\r\n]/.test(value),
  ACCOUNT_MESSAGES.PO_ONE_LINE,
);

/**
 * The account fields of a staff request (job, quote); each may be left out (null or absent:
 * none), so a caller from before accounts sends a valid body.
 */
export const accountWorkInput = {
  accountId: z
    .number({ error: ACCOUNT_MESSAGES.ACCOUNT_NOT_FOUND })
    .int(ACCOUNT_MESSAGES.ACCOUNT_NOT_FOUND)
    .positive(ACCOUNT_MESSAGES.ACCOUNT_NOT_FOUND)
    .nullish(),
  siteId: siteIdInput.nullish(),
  poNumber: poNumberInput.optional(),
};
