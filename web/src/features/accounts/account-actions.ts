/**
 * The accounts screen's writes: an account saved (made or edited, offline too) and a version of
 * a price list, each a named mutation through the sync client, answered with a toast.
 */
import { notifications } from '@mantine/notifications';
import {
  TOAST_DURATIONS,
  type Account,
  type AccountInput,
  type PriceListVersionInput,
} from '@pilbara/shared-schema';
import { mintId, mutate } from '../../sync';

function toast(ok: boolean, title: string, message: string): void {
  notifications.show({
    title,
    message,
    color: ok ? 'green' : 'red',
    autoClose: TOAST_DURATIONS.default,
  });
}

/**
 * Saves an account: a new one under an id minted on this device, or an edit merged with what
 * another owner changed since `base` (the account as this device had it). Resolves with its id,
 * or null when it was refused.
 */
export async function saveAccount(input: AccountInput, base?: Account): Promise<number | null> {
  try {
    const id = base?.id ?? Number(await mintId('accounts'));
    const result = await mutate('account.save', { ...input, id, ...(base ? { base } : {}) });
    if (!result.ok) {
      toast(false, 'Account not saved', result.message);
      return null;
    }
    toast(true, 'Account saved', `${input.name} is saved on this device; it syncs when it can.`);
    return id;
  } catch (error) {
    toast(false, 'Account not saved', error instanceof Error ? error.message : 'Unknown error');
    return null;
  }
}

/**
 * Saves a version of a price list (the default list, or an account's own: `listId` null makes
 * it). Resolves with whether it was saved.
 */
export async function savePriceList(
  listId: number | null,
  accountId: number | null,
  version: PriceListVersionInput,
): Promise<boolean> {
  try {
    const id = listId ?? Number(await mintId('price_lists'));
    const result = await mutate('priceList.save', { id, accountId, ...version });
    if (!result.ok) {
      toast(false, 'Prices not saved', result.message);
      return false;
    }
    toast(true, 'Prices saved', `In force from ${version.effectiveFrom}.`);
    return true;
  } catch (error) {
    toast(false, 'Prices not saved', error instanceof Error ? error.message : 'Unknown error');
    return false;
  }
}
