/**
 * The job sheet: the job, its status history, its condition photos by stage with
 * their stamps, and the signed documents with each signer's printed name, time and position.
 * The server's PDF lays this model out and words none of it itself; the completion email
 * carries the same PDF.
 */
import { documentRef } from '../rules/document-number';
import {
  PHOTO_STAGE_LABELS,
  SIGNATURE_DOCUMENTS,
  SIGNATURE_DOCUMENT_TEXT,
  type PhotoStage,
  type SignedDocument,
} from '../constants/field-record';
import type { BusinessProfile } from '../constants/business-profile-schema';
import type { JobPhoto, JobSignature, PositionFields } from '../entities/field-record';
import type { Job } from '../entities/job';
import type { JobUpdate } from '../entities/job-update';
import {
  formatPosition,
  formatStampTime,
  groupByStage,
  isCustomerVisibleStage,
} from '../rules/field-record';
import { jobSheetPdfFilename } from './file-names';
import { sellerBlock, type LabelledValue, type SellerBlock } from './quote-document';

/** One photo on the sheet: its stamp, and whether the server holds its file to print. */
export interface SheetPhoto {
  id: string;
  contentHash: string;
  /** `Pickup 2 of 4`. */
  caption: string;
  /** `21/11/2026 14:05`. */
  time: string;
  /** Coordinates and accuracy, or the honest reason there is none; null on a customer's copy. */
  position: string | null;
  /** False while the photo is still on the phone that took it. */
  stored: boolean;
}

/** One signed (or not yet signed) document. */
export interface SheetSignature {
  document: SignedDocument;
  title: string;
  statement: string;
  /** Null until signed. */
  signed: {
    id: string;
    contentHash: string;
    signerName: string;
    time: string;
    position: string | null;
    stored: boolean;
  } | null;
}

/** Everything a job sheet prints, in print order. */
export interface JobSheetDocument {
  title: string;
  number: string;
  seller: SellerBlock;
  customer: LabelledValue[];
  job: LabelledValue[];
  history: { time: string; status: string; message: string }[];
  photoGroups: { stage: PhotoStage; label: string; photos: SheetPhoto[] }[];
  /** Photos recorded whose files have not reached the server yet (printed as a note). */
  photosStillUploading: number;
  signatures: SheetSignature[];
  fileName: string;
}

/** Texts of the job sheet. */
export const JOB_SHEET_TEXT = {
  title: 'Job sheet',
  history: 'Status history',
  photos: 'Condition photos',
  noPhotos: 'No photos were recorded for this job.',
  signatures: 'Signatures',
  notSigned: 'Not signed',
  signedBy: 'Signed by',
  stillUploading: (count: number) =>
    `${count} photo${count === 1 ? ' is' : 's are'} still on the phone that took ${count === 1 ? 'it' : 'them'} and will appear once uploaded.`,
  notUploaded: 'Not uploaded yet',
} as const;

/**
 * The job sheet of `job`. `storedHashes` are the file hashes the server holds: a photo whose
 * file has not arrived is listed with its stamp and marked as still uploading.
 *
 * The customer's copy (attached to the completion email) shows what docs/security.md lets a
 * customer see: the pickup and drop-off photos only, and no GPS position in any stamp; staff's copy
 * shows every photo and every position.
 */
export function jobSheetDocument(input: {
  audience?: 'staff' | 'customer';
  job: Job;
  updates: readonly JobUpdate[];
  photos: readonly JobPhoto[];
  signatures: readonly JobSignature[];
  storedHashes: ReadonlySet<string>;
  profile: BusinessProfile;
}): JobSheetDocument {
  const { job, storedHashes } = input;
  const forCustomer = input.audience === 'customer';
  const photos = forCustomer
    ? input.photos.filter((photo) => isCustomerVisibleStage(photo.stage))
    : input.photos;
  const position = (where: PositionFields) => (forCustomer ? null : formatPosition(where));
  const photoGroups = groupByStage(photos).map((group) => ({
    stage: group.stage,
    label: group.label,
    photos: group.photos.map((photo, index): SheetPhoto => ({
      id: photo.id,
      contentHash: photo.contentHash,
      caption: `${PHOTO_STAGE_LABELS[photo.stage]} ${index + 1} of ${group.photos.length}`,
      time: formatStampTime(photo.takenAt),
      position: position(photo),
      stored: storedHashes.has(photo.contentHash),
    })),
  }));
  const signatures = SIGNATURE_DOCUMENTS.map((document): SheetSignature => {
    const signature = input.signatures.find((s) => s.document === document);
    const text = SIGNATURE_DOCUMENT_TEXT[document];
    return {
      document,
      title: text.title,
      statement: text.statement,
      signed: signature
        ? {
            id: signature.id,
            contentHash: signature.contentHash,
            signerName: signature.signerName,
            time: formatStampTime(signature.signedAt),
            position: position(signature),
            stored: storedHashes.has(signature.contentHash),
          }
        : null,
    };
  });
  return {
    title: JOB_SHEET_TEXT.title,
    number: documentRef(job),
    seller: sellerBlock(input.profile),
    customer: [
      { label: 'Name', value: job.customerName },
      { label: 'Phone', value: job.phone },
      ...(job.email ? [{ label: 'Email', value: job.email }] : []),
    ],
    job: [
      { label: 'Service', value: job.service },
      { label: 'Location', value: job.location },
      { label: 'Status', value: `${job.status} (${job.progress}%)` },
      { label: 'Driver', value: job.assignedTo ?? 'Unassigned' },
      { label: 'Created', value: formatStampTime(job.createdAt) },
    ],
    history: [...input.updates]
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
      .map((update) => ({
        time: formatStampTime(update.createdAt),
        status: update.status,
        message: update.message,
      })),
    photoGroups,
    photosStillUploading: photoGroups
      .flatMap((group) => group.photos)
      .filter((photo) => !photo.stored).length,
    signatures,
    fileName: jobSheetPdfFilename(documentRef(job)),
  };
}
