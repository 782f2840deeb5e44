/**
 * The words of the crash tow, storage yard, records and complaints screens (WA's crash towing
 * law, docs/compliance-wa.md), shared by the screens, the server's documents and the tests.
 */
import type {
  AttAuthoriser,
  CollectorAuthority,
  ComplaintChannel,
  ComplaintStage,
  CrashPhotoSubject,
  IdDocumentType,
  OccurrenceKind,
} from './constants/wa-towing';

export const ATT_AUTHORISER_LABELS: Record<AttAuthoriser, string> = {
  owner_driver: 'Owner or driver of the vehicle',
  police: 'Police officer (owner or driver absent or unable)',
  main_roads: 'Main Roads (to clear a hazard or obstruction)',
};

export const CRASH_PHOTO_LABELS: Record<CrashPhotoSubject | 'damage', string> = {
  front: 'Front',
  rear: 'Rear',
  left: 'Left side',
  right: 'Right side',
  damage: 'Damage',
  property: 'Personal property',
};

export const ID_DOCUMENT_LABELS: Record<IdDocumentType, string> = {
  drivers_licence: 'Driver’s licence',
  passport: 'Passport',
  proof_of_age_card: 'Proof of age card',
  police_id: 'Police identification',
  company_letter: 'Company or insurer letter',
  other: 'Other document',
};

export const COLLECTOR_AUTHORITY_LABELS: Record<CollectorAuthority, string> = {
  owner: 'Registered owner',
  owner_agent: 'Agent of the owner (written authority)',
  insurer: 'Insurer or its assessor',
  police: 'Police',
  repairer: 'Repairer chosen by the owner',
};

export const COMPLAINT_CHANNEL_LABELS: Record<ComplaintChannel, string> = {
  web: 'Website form',
  phone: 'Phone',
  email: 'Email',
  in_person: 'In person',
  letter: 'Letter',
};

export const COMPLAINT_STAGE_LABELS: Record<ComplaintStage, string> = {
  acknowledged: 'Acknowledged',
  investigated: 'Investigated',
  resolved: 'Resolved',
};

export const OCCURRENCE_KIND_LABELS: Record<OccurrenceKind, string> = {
  injury: 'Someone injured',
  damage_to_towed_vehicle: 'Damage to a towed or stored vehicle',
  tow_truck_crash: 'Tow truck involved in a crash',
  threat_or_assault: 'Threat or assault',
  other: 'Other occurrence',
};

/** Messages of the rules and mutators (the screens show them as they are). */
export const WA_TOWING_MESSAGES = {
  CRASH_TOW_NOT_FOUND: 'This job is not marked a crash tow',
  CRASH_TOW_EXISTS: 'This job is already marked a crash tow',
  NOT_READY_TO_LOAD: 'Before loading, record what is still missing',
  NOT_LOADED: 'A crash tow cannot be completed before the vehicle is recorded loaded',
  ALREADY_LOADED: 'The vehicle is already recorded loaded',
  OVERRIDE_REASON_REQUIRED: 'Give the reason for the override',
  AUTHORISER_REQUIRED: 'Choose who authorised the tow',
  AUTHORISER_NAME_REQUIRED: 'Enter the name of the person who authorised the tow',
  OFFICER_DETAILS_REQUIRED: 'Enter the police officer’s rank, number and station',
  MAIN_ROADS_ID_REQUIRED: 'Enter the Main Roads officer’s staff number or position',
  DESTINATION_REQUIRED: 'Enter where the vehicle is towed to',
  CHARGES_REQUIRED: 'Enter the charges or their basis',
  AUTHORISER_SIGNATURE: 'The person who authorised the tow has not signed',
  WORKER_SIGNATURE: 'The towing worker has not signed',
  PHOTO_MISSING: (label: string) => `Photo missing: ${label}`,
  DASHCAM_REQUIRED: 'Enter the dashboard camera and its file or time range',
  PROPERTY_REQUIRED: 'List the personal property, or tick that there is none',
  PROPERTY_PHOTO_REQUIRED: 'Photograph the personal property listed',
  YARD_VEHICLE_NOT_FOUND: 'There is no such vehicle in the yard',
  YARD_RELEASED: 'This vehicle has already been released',
  YARD_NOT_PAID: 'Record the payment of the charges before releasing the vehicle',
  YARD_ALREADY_PAID: 'The charges of this vehicle are already paid',
  YARD_ON_HOLD: 'The vehicle is on hold: lift the hold before releasing it',
  YARD_JOB_IN_YARD: 'This job’s vehicle is already in the yard',
  YARD_NOT_LOADED: 'A crash tow goes into storage only once it is recorded loaded',
  YARD_SAME_BAY: 'The vehicle is already in that bay',
  POLICE_POINTS: (points: number) =>
    `A police-held vehicle needs ${points} points of identity documents checked`,
  COMPLAINT_NOT_FOUND: 'There is no such complaint',
  COMPLAINT_STAGE_ORDER: 'Record the stages in order: acknowledged, investigated, resolved',
  OCCURRENCE_NOT_FOUND: 'There is no such occurrence',
  OCCURRENCE_REPORTED: 'This occurrence is already recorded as reported',
} as const;

/** Wording of the public complaints page and its form. */
export const COMPLAINT_PAGE_TEXT = {
  title: 'Make a complaint',
  intro:
    'If something about a tow, a stored vehicle or our charges was not right, tell us. Every complaint is recorded, acknowledged and investigated, and we tell you the outcome.',
  steps: [
    'We acknowledge your complaint within 2 business days.',
    'We look into it, speak with the staff involved and check our records (photos, dashcam, Authority to Tow) within 10 business days.',
    'We tell you the outcome and what we will do within 20 business days.',
  ],
  other:
    'You can also complain by phone, by email or in person at the yard. If you are not satisfied with our answer, you can contact the Department of Transport’s towing regulation team.',
  sent: 'Your complaint is recorded. We will acknowledge it within 2 business days.',
  queued: 'Saved on this device: it is sent as soon as there is signal.',
  submit: 'Send complaint',
} as const;
