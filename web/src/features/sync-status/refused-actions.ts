/**
 * What the needs-attention list does with refused work: put what was typed into a new
 * draft quote, or send it as a revised quote. Both are ordinary `quote.save` mutations with ids
 * from this device's leases, so they work offline; sending the revision needs the server (it
 * makes the PDF and the email), once the new quote has reached it.
 */
import {
  draftFromRefusedSave,
  revisionFromRefusedSave,
  type MutatorArgs,
} from '@pilbara/shared-schema';
import { apiRequest } from '../../lib/http';
import { discardIssue, mintId, mutate, whenNumbered, type SyncIssue } from '../../sync';

/** The outcome of an action: the new quote's key, whether it was sent, or why it failed. */
export type RefusedOutcome =
  { ok: true; quoteId: string; sent: boolean } | { ok: false; message: string };

function argsOf(issue: SyncIssue): Record<string, unknown> {
  return typeof issue.args === 'object' && issue.args !== null
    ? (issue.args as Record<string, unknown>)
    : {};
}

async function saveAsNew(
  issue: SyncIssue,
  build: (id: string) => Record<string, unknown>,
): Promise<RefusedOutcome> {
  const quoteId = String(await mintId('Q'));
  const result = await mutate('quote.save', build(quoteId) as MutatorArgs<'quote.save'>);
  if (!result.ok) return { ok: false, message: result.message };
  // What was typed now lives in the new quote: the refused change is done with.
  await discardIssue(issue.id);
  return { ok: true, quoteId, sent: false };
}

/** What was typed, as a new draft quote. */
export function copyIntoDraft(issue: SyncIssue): Promise<RefusedOutcome> {
  return saveAsNew(issue, (id) => draftFromRefusedSave(argsOf(issue), id));
}

/** Resolves with the new quote's number once the server has it, or null after `timeoutMs`. */
function numbered(quoteId: string, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, timeoutMs);
    const stop = whenNumbered(
      'quotes',
      quoteId,
      (number) => {
        clearTimeout(timer);
        resolve(number);
      },
      timeoutMs,
    );
  });
}

/**
 * The quote as sent with the typed changes on it, as a new quote naming the one it replaces, and
 * emailed to the customer as soon as the server holds it. Offline, it waits as a draft.
 */
export async function sendAsRevision(
  issue: SyncIssue,
  current: Record<string, unknown>,
): Promise<RefusedOutcome> {
  const saved = await saveAsNew(issue, (id) => revisionFromRefusedSave(argsOf(issue), current, id));
  if (!saved.ok) return saved;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return saved;
  if ((await numbered(saved.quoteId, 20_000)) === null) return saved;
  try {
    await apiRequest(`/api/quotes/${encodeURIComponent(saved.quoteId)}/send-email`, {
      method: 'POST',
    });
    return { ...saved, sent: true };
  } catch {
    return saved;
  }
}
