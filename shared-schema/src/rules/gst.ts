/**
 * GST on GST-inclusive prices. Every price this business quotes includes GST, so the GST in a
 * total is one-eleventh of it. It is rounded to the cent once per document (invoice or credit
 * note), never per line, as the ATO allows and expects; where lines must carry their own share
 * (the books export), the document's GST is shared out so the lines add up to it exactly.
 */
import { GST_DIVISOR } from '../constants/documents';
import { divideRoundHalfUp } from './pricing';

/** The GST included in a GST-inclusive amount of cents: one-eleventh, rounded half up to a cent. */
export function gstOfInclusive(inclusiveCents: number): number {
  if (!Number.isInteger(inclusiveCents)) throw new Error('Money is integer cents');
  const gst = divideRoundHalfUp(Math.abs(inclusiveCents), GST_DIVISOR);
  return inclusiveCents < 0 ? 0 - gst : gst;
}

/**
 * Shares a document's GST out over its lines (GST-inclusive cents, a discount line negative) so
 * each line gets about one-eleventh of its amount and the shares add up to `totalGst` exactly:
 * each line gets the floor of its exact share, and the cents left go to the lines with the
 * largest remainders (earlier lines first on a tie).
 */
export function allocateGst(lineAmounts: readonly number[], totalGst: number): number[] {
  const floors = lineAmounts.map((amount) => Math.floor(amount / GST_DIVISOR));
  const remainders = lineAmounts.map(
    (amount, index) => amount - (floors[index] ?? 0) * GST_DIVISOR,
  );
  let left = totalGst - floors.reduce((sum, share) => sum + share, 0);
  const order = lineAmounts
    .map((_, index) => index)
    .sort((a, b) => (remainders[b] ?? 0) - (remainders[a] ?? 0) || a - b);
  const shares = [...floors];
  for (let i = 0; left > 0 && lineAmounts.length > 0; i = (i + 1) % lineAmounts.length) {
    const index = order[i] as number;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  for (let i = 0; left < 0 && lineAmounts.length > 0; i = (i + 1) % lineAmounts.length) {
    const index = order[order.length - 1 - i] as number;
    shares[index] = (shares[index] ?? 0) - 1;
    left += 1;
  }
  return shares;
}
