/**
 * The Authority to Tow of a crash tow as a document: the approved form's fields (who authorised
 * the tow and their details, the vehicle, where it is towed from and to, the charges or their
 * basis), the dashboard camera reference, the personal property list, the guided photos with
 * their time and position, and both signatures. The PDF kept with the job and sent to the parties
 * prints this model; the server words none of it.
 */
import type { BusinessProfile } from '../constants/business-profile-schema';
import { SIGNATURE_DOCUMENT_TEXT, type SignedDocument } from '../constants/field-record';
import { CRASH_PHOTO_SUBJECTS } from '../constants/wa-towing';
import type { JobPhoto, JobSignature } from '../entities/field-record';
import type { Job } from '../entities/job';
import type { CrashTow } from '../entities/wa-towing';
import { formatDateTime, formatWhen } from '../rules/date-format';
import { documentRef } from '../rules/document-number';
import { formatPosition, formatStampTime } from '../rules/field-record';
import { ATT_AUTHORISER_LABELS, CRASH_PHOTO_LABELS } from '../wa-towing-messages';
import type { SheetPhoto, SheetSignature } from './job-sheet';
import { sellerBlock, type LabelledValue, type SellerBlock } from './quote-document';

/** Everything the Authority to Tow prints, in print order. */
export interface AuthorityToTowDocument {
  title: string;
  number: string;
  seller: SellerBlock;
  /** What this copy is, and which approved paper form it belongs with. */
  notice: string;
  authority: LabelledValue[];
  tow: LabelledValue[];
  property: string[];
  photoGroups: { label: string; photos: SheetPhoto[] }[];
  signatures: SheetSignature[];
  fileName: string;
}

/** Texts of the Authority to Tow document. */
export const ATT_TEXT = {
  title: 'Authority to Tow',
  authority: 'Authority',
  tow: 'Tow',
  property: 'Personal property in the vehicle',
  noProperty: 'None found.',
  photos: 'Photographs before loading',
  photoBand: 'Each side, the damage and the personal property, with time and position',
  signatures: 'Signatures',
  /** What the person who authorised the tow agrees to, by who they are. */
  statement: {
    owner_driver:
      'I am the owner or driver of this vehicle. I authorise it to be towed to the destination above for the charges shown.',
    police:
      'I am a police officer. The owner or driver is not present or cannot give the authority, and I authorise this vehicle to be towed to the destination above.',
    main_roads:
      'I am an authorised Main Roads officer. I authorise this vehicle to be towed to prevent or minimise a hazard or obstruction.',
  },
  notice: (form: string | null) =>
    form
      ? `Electronic record of the details entered on the Department of Transport approved Authority to Tow form ${form}.`
      : 'Electronic record of the details of the Authority to Tow. The details are also to be entered on the Department of Transport approved form.',
} as const;

/** 'Authority-to-tow-JOB-2026-12.pdf'. */
export function authorityToTowFilename(jobNumber: string): string {
  return `Authority-to-tow-${jobNumber}.pdf`;
}

const given = (value: string | null | undefined) => (value && value.trim() ? value : '-');

/**
 * The guided photos in the checklist's order (the four sides, the damage, the property), as one
 * group laid out two to a row, each captioned with what it shows.
 */
function photoGroups(
  photos: readonly JobPhoto[],
  storedHashes: ReadonlySet<string>,
): { label: string; photos: SheetPhoto[] }[] {
  const subjects = [
    ...CRASH_PHOTO_SUBJECTS.filter((s) => s !== 'property'),
    'damage',
    'property',
  ] as const;
  const all = subjects.flatMap((subject) => {
    const label = CRASH_PHOTO_LABELS[subject];
    const chosen = photos
      .filter((photo) =>
        subject === 'damage' ? photo.stage === 'damage' : photo.subject === subject,
      )
      .sort((a, b) => a.takenAt.localeCompare(b.takenAt));
    return chosen.map((photo, index): SheetPhoto => ({
      id: photo.id,
      contentHash: photo.contentHash,
      caption: `${label} ${index + 1} of ${chosen.length}`,
      time: formatStampTime(photo.takenAt),
      position: formatPosition(photo),
      stored: storedHashes.has(photo.contentHash),
    }));
  });
  return all.length > 0 ? [{ label: ATT_TEXT.photoBand, photos: all }] : [];
}

/** The Authority to Tow of a crash tow job. */
export function authorityToTowDocument(input: {
  /**
   * `party`: the copy sent to whoever authorised the tow and to the vehicle's owner — the form's
   * details and both signatures, without the staff's photos or any GPS position.
   */
  audience?: 'staff' | 'party';
  job: Job;
  crashTow: CrashTow;
  photos: readonly JobPhoto[];
  signatures: readonly JobSignature[];
  storedHashes: ReadonlySet<string>;
  profile: BusinessProfile;
}): AuthorityToTowDocument {
  const { job, crashTow: tow } = input;
  const forParty = input.audience === 'party';
  const by = tow.authorisedBy;
  const authority: LabelledValue[] = [
    { label: 'Authorised by', value: by ? ATT_AUTHORISER_LABELS[by] : '-' },
    { label: 'Name', value: given(tow.authoriserName) },
    { label: 'Phone', value: given(tow.authoriserPhone) },
    { label: 'Email', value: given(tow.authoriserEmail) },
  ];
  if (by === 'police') {
    authority.push(
      { label: 'Rank', value: given(tow.officerRank) },
      { label: 'Registered number', value: given(tow.officerNumber) },
      { label: 'Station', value: given(tow.officerStation) },
    );
  }
  if (by === 'main_roads')
    authority.push({ label: 'Main Roads officer', value: given(tow.mainRoadsId) });
  const vehicle = [tow.vehicleMake, tow.vehicleModel, tow.vehicleColour].filter(Boolean).join(' ');
  const dashcamTimes =
    tow.dashcamFrom && tow.dashcamTo
      ? `${formatDateTime(tow.dashcamFrom)} to ${formatWhen(tow.dashcamTo, 'time')}`
      : null;
  const tow_: LabelledValue[] = [
    { label: 'Job', value: documentRef(job) },
    {
      label: 'Vehicle',
      value: `${given(tow.vehicleRegistration)}${vehicle ? ` (${vehicle})` : ''}`,
    },
    { label: 'Towed from', value: given(tow.crashLocation ?? job.location) },
    { label: 'Towed to', value: given(tow.destination) },
    { label: 'Charges', value: given(tow.charges) },
    { label: 'Dashboard camera', value: given(tow.dashcamCamera) },
    {
      label: 'Recording',
      value: given([tow.dashcamFile, dashcamTimes].filter(Boolean).join(', ')),
    },
    { label: 'Loaded', value: tow.loadedAt ? formatStampTime(tow.loadedAt) : 'Not yet' },
  ];
  if (tow.overrideAt) {
    tow_.push({
      label: 'Override',
      value: `${given(tow.overrideByName)}, ${formatStampTime(tow.overrideAt)}: ${given(tow.overrideReason)}`,
    });
  }
  const documents: SignedDocument[] = ['authority_to_tow', 'att_towing_worker'];
  const signatures = documents.map((document): SheetSignature => {
    const signature = input.signatures.find((s) => s.document === document);
    const text = SIGNATURE_DOCUMENT_TEXT[document];
    return {
      document,
      title: document === 'authority_to_tow' ? 'Person who authorised the tow' : 'Towing worker',
      statement: document === 'authority_to_tow' && by ? ATT_TEXT.statement[by] : text.statement,
      signed: signature
        ? {
            id: signature.id,
            contentHash: signature.contentHash,
            signerName: signature.signerName,
            time: formatStampTime(signature.signedAt),
            position: forParty ? null : formatPosition(signature),
            stored: input.storedHashes.has(signature.contentHash),
          }
        : null,
    };
  });
  const number = documentRef(job);
  return {
    title: ATT_TEXT.title,
    number,
    seller: sellerBlock(input.profile),
    notice: ATT_TEXT.notice(tow.t1FormNumber),
    authority,
    tow: tow_,
    property: tow.noProperty
      ? [ATT_TEXT.noProperty]
      : tow.propertyItems.map(
          (item) => `${item.quantity} x ${item.description}${item.where ? ` (${item.where})` : ''}`,
        ),
    photoGroups: forParty ? [] : photoGroups(input.photos, input.storedHashes),
    signatures,
    fileName: authorityToTowFilename(number),
  };
}

/** Someone a copy of the Authority to Tow goes to, and how they can be reached. */
export interface AttParty {
  /** Which party: whoever authorised the tow, or the job's customer (the vehicle's owner). */
  slot: 'authoriser' | 'owner';
  name: string;
  email: string | null;
  phone: string | null;
}

const same = (a: string | null, b: string | null) =>
  a !== null &&
  b !== null &&
  a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();

/**
 * Who gets a copy of a completed Authority to Tow: the person who authorised it, and the job's
 * customer when they are someone else (a police officer signed for an absent owner). Someone
 * with neither email nor phone gets theirs on paper, from the driver.
 */
export function attParties(
  tow: Pick<CrashTow, 'authoriserName' | 'authoriserEmail' | 'authoriserPhone'>,
  job: Pick<Job, 'customerName' | 'email' | 'phone'>,
): AttParty[] {
  const parties: AttParty[] = [];
  const authoriser: AttParty = {
    slot: 'authoriser',
    name: tow.authoriserName ?? job.customerName,
    email: tow.authoriserEmail,
    phone: tow.authoriserPhone,
  };
  if (authoriser.email || authoriser.phone) parties.push(authoriser);
  const owner: AttParty = {
    slot: 'owner',
    name: job.customerName,
    email: job.email,
    phone: job.phone,
  };
  const sameAsAuthoriser =
    same(owner.email, authoriser.email) || same(owner.phone, authoriser.phone);
  if ((owner.email || owner.phone) && !sameAsAuthoriser) parties.push(owner);
  return parties;
}

/** The email that carries a party's copy of the Authority to Tow. */
export function attCopyEmail(input: {
  business: string;
  jobNumber: string;
  tow: Pick<CrashTow, 'vehicleRegistration' | 'destination'>;
  name: string;
}): { subject: string; text: string } {
  const vehicle = input.tow.vehicleRegistration ? ` (${input.tow.vehicleRegistration})` : '';
  const where = input.tow.destination ? ` It is towed to ${input.tow.destination}.` : '';
  return {
    subject: `Authority to Tow: job ${input.jobNumber}${vehicle}`,
    text:
      `Hello ${input.name},\n\nAttached is your copy of the Authority to Tow you gave ${input.business} ` +
      `for job ${input.jobNumber}${vehicle}.${where}\n\nKeep it with your records. ` +
      `If something is not right, reply to this email or make a complaint on our website.\n`,
  };
}
