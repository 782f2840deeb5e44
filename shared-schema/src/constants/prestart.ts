/**
 * Daily pre-start checks: the checklist of each kind of vehicle, kept as data, and the
 * texts the pre-start form, defect lists, reminders, email and PDF share.
 *
 * Each item carries the severity a failure of it raises (the driver may raise or lower it on the
 * form): what makes the truck unsafe to drive or to recover with is critical and puts it off the
 * road; what must be fixed soon but does not stop the shift is major; a missing consumable minor.
 */

/** How an item of a check came out. */
export const CHECK_RESULTS = ['pass', 'fail', 'na'] as const;
/** A check item's result. */
export type CheckResult = (typeof CHECK_RESULTS)[number];

/** Severities of a defect, least first. */
export const DEFECT_SEVERITIES = ['minor', 'major', 'critical'] as const;
/** A defect's severity. */
export type DefectSeverity = (typeof DEFECT_SEVERITIES)[number];

/** How a defect was closed: by a service record (linked) or marked fixed with a note. */
export const DEFECT_RESOLUTIONS = ['service', 'fixed'] as const;
/** A defect's resolution. */
export type DefectResolution = (typeof DEFECT_RESOLUTIONS)[number];

/** A defect is open until it is resolved. */
export const DEFECT_STATUSES = ['open', 'resolved'] as const;
/** A defect's status. */
export type DefectStatus = (typeof DEFECT_STATUSES)[number];

/** The checklists there are, one per kind of vehicle. */
export const CHECKLIST_KINDS = [
  'heavy_recovery',
  'tow_truck',
  'flatbed',
  '4x4',
  'support',
] as const;
/** A checklist kind. */
export type ChecklistKind = (typeof CHECKLIST_KINDS)[number];

/** One item of a checklist. */
export interface ChecklistItem {
  /** Stable key, stored with each result. */
  key: string;
  /** What the driver checks, as the form shows it. */
  label: string;
  /** The severity a failure raises unless the driver picks another. */
  severity: DefectSeverity;
}

const item = (key: string, label: string, severity: DefectSeverity): ChecklistItem => ({
  key,
  label,
  severity,
});

/** What every vehicle is checked for, in the order a walk-around goes. */
const COMMON_START: readonly ChecklistItem[] = [
  item('tyres', 'Tyres, wheel nuts and spare', 'critical'),
  item('lights', 'Lights, indicators and beacons', 'major'),
  item('brakes', 'Brakes and park brake', 'critical'),
  item('fluids', 'Fluid levels and no leaks', 'major'),
  item('mirrors', 'Mirrors, windscreen and wipers', 'major'),
  item('seatbelts', 'Seatbelts and horn', 'critical'),
];

const RECOVERY_GEAR: readonly ChecklistItem[] = [
  item('winch', 'Winch cable, hooks and controls', 'critical'),
  item('rigging', 'Chains, straps and shackles', 'critical'),
  item('restraint', 'Load restraint gear', 'critical'),
];

const COMMON_END: readonly ChecklistItem[] = [
  item('extinguisher', 'Fire extinguisher charged and tagged', 'major'),
  item('first_aid', 'First-aid kit', 'minor'),
  item('uhf', 'UHF radio', 'major'),
  item('triangles', 'Hazard triangles', 'minor'),
  item('fuel', 'Fuel for the shift', 'minor'),
];

/** The pre-start checklist of each kind of vehicle. */
export const CHECKLISTS: Readonly<Record<ChecklistKind, readonly ChecklistItem[]>> = {
  heavy_recovery: [
    ...COMMON_START,
    item('air_system', 'Air system builds pressure, no leaks', 'critical'),
    item('boom', 'Boom, underlift and hydraulics', 'critical'),
    ...RECOVERY_GEAR,
    ...COMMON_END,
  ],
  tow_truck: [
    ...COMMON_START,
    item('underlift', 'Underlift, wheel grids and hydraulics', 'critical'),
    ...RECOVERY_GEAR,
    ...COMMON_END,
  ],
  flatbed: [
    ...COMMON_START,
    item('deck', 'Tilt deck, hydraulics and locks', 'critical'),
    ...RECOVERY_GEAR,
    ...COMMON_END,
  ],
  '4x4': [
    ...COMMON_START,
    item('recovery_kit', 'Snatch strap, recovery boards and shackles', 'major'),
    item('winch', 'Winch cable, hooks and controls', 'critical'),
    item('restraint', 'Load restraint gear', 'critical'),
    ...COMMON_END,
  ],
  support: [...COMMON_START, item('restraint', 'Load restraint gear', 'major'), ...COMMON_END],
};

/** The checklist of each vehicle type the fleet form offers (VEHICLE_TYPES). */
export const CHECKLIST_OF_VEHICLE_TYPE: Readonly<Record<string, ChecklistKind>> = {
  'Heavy Recovery': 'heavy_recovery',
  'Light Towing': 'tow_truck',
  'Tow Truck': 'tow_truck',
  Flatbed: 'flatbed',
  '4x4 Recovery': '4x4',
  'Support Vehicle': 'support',
};

/** Limits of the pre-start form. */
export const PRESTART_LIMITS = {
  maxNote: 500,
  maxPhotosPerItem: 4,
  maxOdometer: 9_999_999,
} as const;

/** Texts of the pre-start checks and defects, used by the screens and their tests. */
export const PRESTART_TEXT = {
  title: 'Pre-start check',
  driverHint: 'Check the truck before you drive it: a failed item reaches the office at once.',
  noTrucks: 'No trucks on this phone yet: they arrive with the next sync.',
  chooseTruck: 'Check a truck',
  hideTrucks: 'Hide the trucks',
  start: 'Start pre-start',
  allPass: 'All pass',
  pass: 'Pass',
  fail: 'Fail',
  na: 'N/A',
  odometer: 'Odometer (km)',
  submit: 'Submit check',
  submitted: 'Pre-start check saved',
  failNoteRequired: 'Say what is wrong',
  answerEveryItem: 'Answer every item',
  checkedToday: 'Checked today',
  noCheckToday: 'No pre-start today',
  openDefects: 'Open defects',
  noOpenDefects: 'No open defects',
  resolveDefect: 'Resolve',
  markFixed: 'Mark fixed',
  resolveByService: 'Resolved by a service record',
  fixedNoteRequired: 'Say what was done',
  defectResolved: 'Defect resolved',
  defectNotFound: 'Defect not found',
  defectAlreadyResolved: 'This defect is already resolved',
  resolvesDefects: 'Resolves these defects',
  newServiceForDefect: 'Record the service that fixed it',
  outOfServiceWarning: 'This vehicle has a critical defect open and is out of service.',
  noCheckWarning: 'This vehicle has no pre-start check today.',
  assignAnyway: 'Assign anyway',
  dueTitle: 'Due',
  nothingDue: 'Nothing due',
  timeline: 'Timeline',
  historyPdf: 'Check and defect history (PDF)',
  summarySubject: 'Fleet: what is due today',
} as const;
