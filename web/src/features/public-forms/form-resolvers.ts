/**
 * The public forms' validation: the shared zod schemas (the spec's messages) behind
 * react-hook-form's zod resolver. Loaded on the first validation, not with the page: zod and the
 * schemas are about 37 KB (brotli) that a visitor who only reads the page never needs.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  complaintInputSchema,
  contactInputSchema,
  feedbackInputSchema,
  isPastSlot,
  makeBookingInputSchema,
  MESSAGES,
  slotMinutes,
} from '@pilbara/shared-schema';

export function contactResolver() {
  return zodResolver(contactInputSchema);
}

export function complaintResolver() {
  return zodResolver(complaintInputSchema);
}

export function feedbackResolver() {
  return zodResolver(feedbackInputSchema);
}

/**
 * The booking rules, plus one only the form applies: a time slot that has already started today
 * cannot be chosen. (The server does not apply it: a booking saved offline may reach it later.)
 */
export function bookingResolver(now: () => Date = () => new Date()) {
  return zodResolver(
    makeBookingInputSchema().superRefine((booking, ctx) => {
      const slot = booking.preferredTime;
      if (Number.isNaN(slotMinutes(slot))) return;
      if (isPastSlot(booking.preferredDate, slot, now())) {
        ctx.addIssue({
          code: 'custom',
          path: ['preferredTime'],
          message: MESSAGES.PREFERRED_TIME_PAST,
        });
      }
    }),
  );
}
