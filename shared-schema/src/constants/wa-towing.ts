/**
 * Western Australia's crash towing law (Towing Services Act 2024, Towing Services Regulations
 * 2025) as the product reads it: the business hours a release is counted in, the public holidays
 * that are not business days, how long the records are kept, the times of the complaints
 * procedure and the daily storage fee. docs/compliance-wa.md maps each duty to what uses these.
 */

/**
 * Business hours a release deadline is counted in: 9 am to 5 pm Perth time on a business day
 * (the Department of Transport's Crash Towing Industry News 11 and its FAQ edition).
 */
export const RELEASE_BUSINESS_HOURS = { from: 9, to: 17 } as const;

/**
 * Hours of business time between the payment of the towing and storage charges and the latest
 * moment the vehicle must be available for collection (Act s. 15; reg 10).
 */
export const RELEASE_WITHIN_BUSINESS_HOURS = 4;

/**
 * Western Australia's public holidays that fall on a weekday (Public and Bank Holidays Act
 * 1972), by Perth calendar date. A weekend holiday is left out: weekends are not business days
 * anyway. 2025 to 2027 are the gazetted dates (with the Monday given when Australia Day, Anzac
 * Day, Christmas or Boxing Day falls on a weekend). 2028 follows the Public and Bank Holidays
 * Amendment Bill 2025 (King's Birthday the second Monday of June, WA Day the second Monday of
 * November, Labour Day the second Monday of March), whose Show Day is proclaimed later and is
 * not here yet: docs/compliance-wa.md says to add it.
 */
export const WA_PUBLIC_HOLIDAYS: Readonly<Record<string, string>> = {
  '2025-01-01': "New Year's Day",
  '2025-01-27': 'Australia Day (observed)',
  '2025-03-03': 'Labour Day',
  '2025-04-18': 'Good Friday',
  '2025-04-21': 'Easter Monday',
  '2025-04-25': 'Anzac Day',
  '2025-06-02': 'Western Australia Day',
  '2025-09-29': "King's Birthday",
  '2025-12-25': 'Christmas Day',
  '2025-12-26': 'Boxing Day',
  '2026-01-01': "New Year's Day",
  '2026-01-26': 'Australia Day',
  '2026-03-02': 'Labour Day',
  '2026-04-03': 'Good Friday',
  '2026-04-06': 'Easter Monday',
  '2026-04-27': 'Anzac Day (observed)',
  '2026-06-01': 'Western Australia Day',
  '2026-09-28': "King's Birthday",
  '2026-12-25': 'Christmas Day',
  '2026-12-28': 'Boxing Day (observed)',
  '2027-01-01': "New Year's Day",
  '2027-01-26': 'Australia Day',
  '2027-03-01': 'Labour Day',
  '2027-03-26': 'Good Friday',
  '2027-03-29': 'Easter Monday',
  '2027-04-26': 'Anzac Day (observed)',
  '2027-06-07': 'Western Australia Day',
  '2027-09-27': "King's Birthday",
  '2027-12-27': 'Christmas Day (observed)',
  '2027-12-28': 'Boxing Day (observed)',
  '2028-01-03': "New Year's Day (observed)",
  '2028-01-26': 'Australia Day',
  '2028-03-13': 'Labour Day',
  '2028-04-14': 'Good Friday',
  '2028-04-17': 'Easter Monday',
  '2028-04-25': 'Anzac Day',
  '2028-06-12': "King's Birthday",
  '2028-11-13': 'Western Australia Day',
  '2028-12-25': 'Christmas Day',
  '2028-12-26': 'Boxing Day',
};

/** The last year {@link WA_PUBLIC_HOLIDAYS} covers: later dates count weekends only. */
export const WA_HOLIDAYS_KNOWN_THROUGH = 2028;

/**
 * The daily storage fee as a price item: the one place its amount is set. It is GST-inclusive,
 * like every price here, and matches the Regulations' maximum for a light vehicle in Perth and
 * Peel (reg 54, $25 a day, Crash Towing Industry News 24); outside those regions the charge
 * must be reasonable, which the owners decide here.
 */
export const STORAGE_PRICE_ITEM = {
  key: 'storage-daily',
  description: 'Storage (per day or part of a day)',
  unitPriceCents: 2500,
  category: 'misc',
} as const;

/**
 * What kinds of regulated record the product keeps, and for how long at least, in months from
 * the day the record was made. Sources: the green copy of each Authority to Tow two years
 * (Crash Towing Industry News 21); each complaint and its resolution two years from the day it
 * was made (Crash Towing Industry News 9); dashcam footage three months after each tow (Department
 * of Transport, "Conduct and obligations for crash towing"). The records of reg 13 are kept two
 * years too: the regulation's own text was not readable in our sources (docs/compliance-wa.md), and
 * two years is the longest period the Department's guidance names. Nothing in the product deletes
 * them.
 */
export const RECORD_RETENTION_MONTHS = {
  authority_to_tow: 24,
  crash_tow_record: 24,
  storage_record: 24,
  complaint: 24,
  notifiable_occurrence: 24,
  dashcam_recording: 3,
} as const;

/** A kind of regulated record from {@link RECORD_RETENTION_MONTHS}. */
export type RegulatedRecordKind = keyof typeof RECORD_RETENTION_MONTHS;

/**
 * Our complaints resolution procedure (reg 15): the Regulations ask for a simple written
 * procedure that investigates and resolves a complaint within a reasonable period; these are
 * the periods this business commits to, in business days from the day the complaint is received.
 */
export const COMPLAINT_STAGE_BUSINESS_DAYS = {
  acknowledged: 2,
  investigated: 10,
  resolved: 20,
} as const;

/** The stages of a complaint after it is received, in order. */
export const COMPLAINT_STAGES = ['acknowledged', 'investigated', 'resolved'] as const;
export type ComplaintStage = (typeof COMPLAINT_STAGES)[number];

/** How a complaint reached the business. */
export const COMPLAINT_CHANNELS = ['web', 'phone', 'email', 'in_person', 'letter'] as const;
export type ComplaintChannel = (typeof COMPLAINT_CHANNELS)[number];

/**
 * The product's target for reporting a notifiable occurrence to the Department (regs 14, 29),
 * in hours from when the business learned of it. The regulations' own deadline could not be read
 * in our sources, so this is a target set short on purpose; docs/compliance-wa.md says so.
 */
export const OCCURRENCE_REPORT_TARGET_HOURS = 24;

/** The kinds of occurrence staff pick from when they record one. */
export const OCCURRENCE_KINDS = [
  'injury',
  'damage_to_towed_vehicle',
  'tow_truck_crash',
  'threat_or_assault',
  'other',
] as const;
export type OccurrenceKind = (typeof OCCURRENCE_KINDS)[number];

/** Who authorised a crash tow (Act s. 40; DoT "Conduct and obligations for crash towing"). */
export const ATT_AUTHORISERS = ['owner_driver', 'police', 'main_roads'] as const;
export type AttAuthoriser = (typeof ATT_AUTHORISERS)[number];

/**
 * The guided photographs of a crashed vehicle before it is loaded (regs 8, 27): each side, the
 * damage and the personal property. Sides and property are the photo's `subject`; damage is the
 * field record's own Damage stage.
 */
export const CRASH_PHOTO_SUBJECTS = ['front', 'rear', 'left', 'right', 'property'] as const;
export type CrashPhotoSubject = (typeof CRASH_PHOTO_SUBJECTS)[number];

/** The documents a collector may prove who they are with. */
export const ID_DOCUMENT_TYPES = [
  'drivers_licence',
  'passport',
  'proof_of_age_card',
  'police_id',
  'company_letter',
  'other',
] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];

/** On what authority a collector takes a vehicle. */
export const COLLECTOR_AUTHORITIES = [
  'owner',
  'owner_agent',
  'insurer',
  'police',
  'repairer',
] as const;
export type CollectorAuthority = (typeof COLLECTOR_AUTHORITIES)[number];

/**
 * Points the police's proof-of-identity check asks for when a vehicle under a police hold is
 * released to someone other than the police (the "100-point" check).
 */
export const POLICE_ID_POINTS = 100;

/** What a stored vehicle is held for, besides its charges. */
export const YARD_HOLDS = ['police', 'insurer'] as const;
export type YardHold = (typeof YARD_HOLDS)[number];
