/**
 * What the public pages promise about what happens after a customer books or writes, and what
 * they say about when and where the business works — in one place, so every promise matches what
 * the product does and can be changed in one edit.
 *
 * After a booking: every booking alerts the staff at once (a notification and an in-app alarm
 * on their phones, a text to whoever is on call for an emergency or after hours); an emergency
 * nobody takes within 5 minutes texts the next person on call, then everyone every 5 minutes.
 * Arrival: one estimate, from the distance of the nearest truck (rules/arrival.ts), followed on
 * the tracking link. Response times: only those measured from recorded jobs
 * (rules/response-times.ts). Hours, region, radius and depot: the business profile.
 */
import type { BusinessProfile } from './constants/business-profile-schema';

export const PROMISE_TEXTS = {
  /** The booking page's lead. */
  bookingLead:
    'Tell us what you need and when. Every booking alerts our staff straight away, day and night, and we call you to confirm.',
  /** The integrated booking page's banner: who is alerted, and how. */
  bookingAlertTitle: 'Your booking alerts the staff on duty',
  bookingAlert:
    'The moment it reaches us, the staff on duty get a notification and an alarm on their phones; an emergency or an after-hours booking also texts whoever is on call. An emergency nobody takes within 5 minutes texts the next person on call, then everyone, every 5 minutes, until someone does.',
  /** After a booking is sent (the toast and the confirmation). */
  bookingSubmitted: 'Our staff have been alerted and will call you to confirm your booking.',
  /** The confirmation of an emergency booking: what to do meanwhile. */
  emergencyNextStep:
    'For an emergency we send the nearest truck once we have spoken to you – calling us now is quicker.',
  /** After a contact message is sent. */
  contactSent:
    'We reply by phone or email. For a breakdown or a recovery, call us – we answer 24/7.',
  /** How quickly a truck comes: no promised minutes, the estimate from the distance. */
  arrival:
    'When you call or book we give you an arrival estimate from how far the nearest truck is, and your tracking link follows the truck to you.',
  /** The About page's "Rapid Response" point. */
  rapidResponse:
    'Trucks based in Karratha, on call day and night, and an arrival estimate from the distance the moment you book.',
  /** The FAQ's "How quickly can you get to me?". */
  faqHowQuickly:
    'It depends on how far you are from the nearest truck. When you call or book we give you an arrival estimate from the distance, and your tracking link follows the truck. The Service Areas page shows how long we have actually taken in each area, measured from our recorded jobs.',
  /** The FAQ's "Are you really available 24/7?". */
  faq247:
    "Yes. Breakdowns don't keep office hours, so one of us is always on call, day and night, weekends and public holidays included.",
} as const;

/** The area the business serves, from its profile: region, radius and depot. */
export function serviceAreaText(
  profile: Pick<BusinessProfile, 'region' | 'serviceRadiusKm' | 'depot'>,
): string {
  return `${profile.region}: within ${profile.serviceRadiusKm} km of ${profile.depot.name}, further by arrangement`;
}
