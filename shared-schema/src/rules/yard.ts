/**
 * The storage yard's rules: what a release needs (the charges paid, the holds and the police's
 * 100-point identity check) and the invoice the accrued storage is charged on when the owner
 * records the payment (Act s. 15, regs 10-12).
 */
import { POLICE_ID_POINTS, STORAGE_PRICE_ITEM } from '../constants/wa-towing';
import type { Invoice } from '../entities/invoice';
import type { QuoteItem } from '../entities/quote';
import type { YardVehicle } from '../entities/wa-towing';
import type { CollectorAuthority } from '../constants/wa-towing';
import { gstOfInclusive } from './gst';
import { WA_TOWING_MESSAGES } from '../wa-towing-messages';
import { perthDate } from './dates';
import { storageInvoiceLine } from './storage-fees';

/** What a release gives about the collector, for the checks. */
export interface ReleaseClaim {
  authority: CollectorAuthority;
  identityPoints: number | null;
}

/** Whether the police's 100-point identity check applies: a police hold, collected by others. */
export function policePointsApply(
  vehicle: Pick<YardVehicle, 'policeHold'>,
  claim: Pick<ReleaseClaim, 'authority'>,
): boolean {
  return vehicle.policeHold && claim.authority !== 'police';
}

/**
 * Why the vehicle may not be released to this collector yet, or null: it is gone already; its
 * charges are unpaid (the police collect without paying); a hold stands that the collector is
 * not the holder of; or a police hold's 100-point check was not met.
 */
export function yardReleaseRefusal(
  vehicle: Pick<YardVehicle, 'status' | 'paidAt' | 'policeHold' | 'insurerHold'>,
  claim: ReleaseClaim,
): { message: string; field: string } | null {
  if (vehicle.status === 'released')
    return { message: WA_TOWING_MESSAGES.YARD_RELEASED, field: 'id' };
  if (vehicle.paidAt === null && claim.authority !== 'police')
    return { message: WA_TOWING_MESSAGES.YARD_NOT_PAID, field: 'id' };
  if (vehicle.insurerHold && claim.authority !== 'insurer' && claim.authority !== 'police')
    return { message: WA_TOWING_MESSAGES.YARD_ON_HOLD, field: 'authority' };
  if (policePointsApply(vehicle, claim) && (claim.identityPoints ?? 0) < POLICE_ID_POINTS)
    return { message: WA_TOWING_MESSAGES.POLICE_POINTS(POLICE_ID_POINTS), field: 'identityPoints' };
  return null;
}

/** The name a stored vehicle's invoice is made out to: its owner, else the vehicle. */
function billedTo(vehicle: YardVehicle): string {
  if (vehicle.ownerName?.trim()) return vehicle.ownerName.trim();
  const plate = vehicle.registration?.trim();
  return plate ? `Owner of ${plate}` : `Stored vehicle ${vehicle.id}`;
}

/**
 * The invoice the owner's recorded payment settles: the storage from the day the vehicle came in
 * to the day it was paid, at its daily fee, and the towing charges paid with it when there are
 * any. GST-inclusive like every price here.
 */
export function storageInvoice(input: {
  id: string;
  vehicle: YardVehicle;
  paidAt: string;
  towingCents: number;
  now: string;
}): Invoice {
  const { vehicle } = input;
  const lines: QuoteItem[] = [
    storageInvoiceLine(`${input.id}-storage`, vehicle.timeIn, input.paidAt, vehicle.dailyFeeCents),
  ];
  if (input.towingCents > 0) {
    lines.push({
      id: `${input.id}-towing`,
      description: 'Towing charges',
      quantity: 1,
      unitPrice: input.towingCents,
      total: input.towingCents,
      category: 'service',
    });
  }
  const amount = lines.reduce((sum, line) => sum + line.total, 0);
  return {
    id: input.id,
    jobId: vehicle.jobId,
    quoteId: null,
    customerName: billedTo(vehicle),
    customerEmail: vehicle.ownerEmail,
    customerPhone: vehicle.ownerPhone,
    amount,
    status: 'pending',
    stripePaymentIntentId: null,
    stripePaymentLink: null,
    lineItems: lines,
    dueDate: perthDate(input.paidAt),
    paidAt: null,
    createdAt: input.now,
    service: STORAGE_PRICE_ITEM.description,
    buyerAbn: null,
    itemsSubtotal: amount,
    multiplierBasisPoints: 10000,
    multiplierLocation: null,
    discountPercent: 0,
    discountAmount: 0,
    gst: gstOfInclusive(amount),
    amountPaid: 0,
    amountCredited: 0,
    updatedAt: input.now,
  };
}
