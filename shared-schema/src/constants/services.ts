/** Service lists, time slots and driver options that forms offer. */
import type { BusinessProfile } from './business-profile-schema';
import { DEFAULT_BUSINESS_PROFILE } from './business-profile';

/** The 12 services a customer can book. */
export const BOOKING_SERVICES = [
  'Emergency Towing',
  '4x4 Recovery',
  'Local Towing',
  'Long Distance Towing',
  'Heavy Vehicle Recovery',
  'Winch Recovery',
  'Jump Start Service',
  'Flat Tire Change',
  'Lockout Service',
  'Fuel Delivery',
  'Automotive Repairs',
  'Pre-purchase Inspection',
] as const;

/** Options of "service needed" on the contact form. */
export const CONTACT_SERVICE_OPTIONS = [
  'Emergency Towing',
  '4x4 Recovery',
  'Automotive Repair',
  'General Inquiry',
  'Other',
] as const;

/** Contact service that marks a contact message URGENT. */
export const URGENT_CONTACT_SERVICE = 'Emergency Towing';

/** Services offered by the admin create-job form. */
export const ADMIN_JOB_SERVICES = [
  'Emergency Towing',
  '4x4 Recovery',
  'Vehicle Repairs',
  'Roadside Assistance',
  'Long Distance Towing',
] as const;

/** Service types of a fleet service record. */
export const SERVICE_RECORD_TYPES = [
  'Routine Service',
  'Oil Change',
  'Brake Service',
  'Tire Replacement',
  'Engine Repair',
  'Transmission',
  'Electrical',
  'Other',
] as const;

/** Fuel types. */
export const FUEL_TYPES = ['Diesel', 'Petrol', 'Premium'] as const;
/** A fuel type. */
export type FuelType = (typeof FUEL_TYPES)[number];

/** Fleet vehicle types. */
export const VEHICLE_TYPES = [
  'Heavy Recovery',
  'Light Towing',
  '4x4 Recovery',
  'Support Vehicle',
  'Tow Truck',
  'Flatbed',
] as const;

function buildTimeSlots(): string[] {
  const slots: string[] = [];
  for (let minutes = 8 * 60; minutes <= 17 * 60 + 30; minutes += 30) {
    const hour24 = Math.floor(minutes / 60);
    const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
    const suffix = hour24 < 12 ? 'AM' : 'PM';
    slots.push(
      `${String(hour12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${suffix}`,
    );
  }
  return slots;
}

/** Booking time slots, every 30 minutes from '08:00 AM' to '05:30 PM' (20 slots). */
export const TIME_SLOTS: readonly string[] = buildTimeSlots();

/** The preferred time stored for an emergency booking sent without one: come now. */
export const EMERGENCY_TIME = 'As soon as possible';

/** Driver option meaning both co-owners go. */
export const DRIVER_BOTH = 'Both';
/** Driver option meaning nobody is assigned yet. */
export const DRIVER_UNASSIGNED = 'Unassigned';

/**
 * Drivers a job can be assigned to: each co-owner's first name, then 'Both', then 'Unassigned'.
 * Built from the profile because the owner names are configuration.
 */
export function driverOptions(profile: BusinessProfile): string[] {
  const firstNames = profile.owners.map((owner) => owner.name.trim().split(/\s+/)[0] ?? owner.name);
  return [...firstNames, DRIVER_BOTH, DRIVER_UNASSIGNED];
}

/**
 * Driver options for the default (placeholder) profile. Screens that know the active profile
 * should call {@link driverOptions} with it instead.
 */
export const DRIVER_OPTIONS: readonly string[] = driverOptions(DEFAULT_BUSINESS_PROFILE);
