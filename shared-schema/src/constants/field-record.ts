/**
 * The job's field record: condition photos by stage and the two signed documents,
 * captured on a phone offline, with the limits the server enforces on their files.
 */

/** When a photo was taken in the job, in the order a job sheet lists them. */
export const PHOTO_STAGES = ['pickup', 'dropoff', 'damage', 'other'] as const;
export type PhotoStage = (typeof PHOTO_STAGES)[number];

/** What staff and customers read for each stage. */
export const PHOTO_STAGE_LABELS: Record<PhotoStage, string> = {
  pickup: 'Pickup',
  dropoff: 'Drop-off',
  damage: 'Damage',
  other: 'Other',
};

/**
 * The stages a customer tracking their own job sees: the condition of their vehicle when it was
 * picked up and dropped off. Damage and other photos stay with staff (docs/security.md).
 */
export const CUSTOMER_PHOTO_STAGES: readonly PhotoStage[] = ['pickup', 'dropoff'];

/** The documents every job's field record asks a signature for. */
export const SIGNATURE_DOCUMENTS = ['authority_to_tow', 'vehicle_release'] as const;
export type SignatureDocument = (typeof SIGNATURE_DOCUMENTS)[number];

/**
 * Every document a job's signature may be on: the field record's two, and the towing worker's
 * own signature on a crash tow's Authority to Tow (each copy of the approved form shows both the
 * towing worker's and the authoriser's signatures).
 */
export const SIGNED_DOCUMENTS = [...SIGNATURE_DOCUMENTS, 'att_towing_worker'] as const;
export type SignedDocument = (typeof SIGNED_DOCUMENTS)[number];

/** Each document's title and who signs it. */
export const SIGNATURE_DOCUMENT_TEXT: Record<
  SignedDocument,
  { title: string; signer: string; statement: string }
> = {
  authority_to_tow: {
    title: 'Authority to tow',
    signer: 'Owner or agent, before the tow',
    statement:
      'I am the owner of this vehicle or act for the owner, and I authorise it to be towed as described in this job.',
  },
  vehicle_release: {
    title: 'Vehicle release',
    signer: 'On collection',
    statement: 'I have collected this vehicle and received it in the condition photographed.',
  },
  att_towing_worker: {
    title: 'Authority to Tow: towing worker',
    signer: 'The towing worker who obtained the authority',
    statement:
      'I obtained this authority to tow, completed the form with the person who authorised the tow and gave them its details.',
  },
};

/**
 * Condition photos a driver takes at pickup and at drop-off: the vehicle's four corners, so a
 * dispute about a scratch has a before and an after from every side.
 */
export const CONDITION_PHOTO_CORNERS = 4;

/** The stages whose condition photos are counted against {@link CONDITION_PHOTO_CORNERS}. */
export const CONDITION_PHOTO_STAGES = [
  'pickup',
  'dropoff',
] as const satisfies readonly PhotoStage[];

/** Why a capture carries no position. */
export const POSITION_NOTES = ['denied', 'unavailable', 'timeout'] as const;
export type PositionNote = (typeof POSITION_NOTES)[number];

/** The image types the server stores: JPEG photos and PNG signatures. */
export const FIELD_FILE_TYPES = ['image/jpeg', 'image/png'] as const;
export type FieldFileType = (typeof FIELD_FILE_TYPES)[number];

/**
 * Limits of the field record's files. A phone sends photos already compressed to about 1,600 px
 * on the long side (a few hundred KB); the byte limit leaves room for a full-size 12-megapixel
 * photo from a device that could not compress, and refuses anything bigger before a byte of it
 * is sent (the upload declares its length first).
 */
export const FIELD_FILE_LIMITS = {
  /** Bytes of one photo (15 MB). */
  maxPhotoBytes: 15 * 1024 * 1024,
  /** Bytes of one signature image (1 MB). */
  maxSignatureBytes: 1024 * 1024,
  /**
   * Pixels on the longest side of any stored image: the pixel cap every decode of an
   * image is made under (upload check, copies, the job sheet). A 12-megapixel photo (4000 × 3000)
   * fits; a phone compresses to 1,600 px anyway. A larger image is refused at upload with a
   * message saying so.
   */
  maxDimension: 4096,
  /** Longest side a phone compresses a photo to, in pixels. */
  photoLongSide: 1600,
  /** Longest side of the thumbnail a phone keeps after the upload, in pixels. */
  thumbnailLongSide: 320,
  /** Longest side of the server's copy for galleries and the job sheet, in pixels. */
  previewLongSide: 800,
  /** Characters of a signer's printed name. */
  maxSignerName: 100,
} as const;

/** Texts of the field record, shared by the screens, the job sheet and the tests. */
export const FIELD_RECORD_TEXT = {
  title: 'Field record',
  photos: 'Photos',
  signatures: 'Signatures',
  takePhoto: 'Take photo',
  fromGallery: 'From gallery',
  noPosition: 'No position',
  positionDenied: 'No position (location not allowed)',
  positionUnavailable: 'No position (no GPS fix)',
  positionTimeout: 'No position (GPS too slow)',
  onlyOnThisPhone: 'Only on this phone',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  notUploadedYet: 'Not uploaded yet',
  noPhotos: 'No photos yet',
  sign: 'Sign',
  signerName: 'Printed name of the signer',
  signerNameRequired: 'Enter the signer’s printed name',
  signatureRequired: 'Ask the signer to sign in the box',
  clearSignature: 'Clear',
  saveSignature: 'Save signature',
  notSigned: 'Not signed yet',
  jobSheet: 'Job sheet (PDF)',
  jobSheetOffline: 'The job sheet downloads when this device is online',
  storageFull: (freeMb: string) =>
    `Not enough space on this device to keep this photo (${freeMb} MB free). Let the photos already taken upload, or free some space, then try again.`,
  compressFailed: 'This file could not be read as a photo. Choose a JPEG, PNG or HEIC image.',
  customerPhotos: 'Photos of your vehicle',
  takenOffline: 'Taken on this phone',
  spaceUsed: (usedMb: string, freeMb: string) =>
    `This device holds ${usedMb} MB of offline data; ${freeMb} MB free`,
  stage: 'Stage',
  sheetSaved: 'Saved on this phone; it uploads when there is signal',
  /** "Pickup: 2 of 4 corners" under the stage picker. */
  cornersTaken: (stage: string, taken: number, of: number) =>
    `${stage}: ${Math.min(taken, of)} of ${of} corners`,
} as const;

/** `3 photos uploading`, `1 photo and 1 signature uploading`: what the sync chip adds. */
export function uploadingText(photos: number, signatures: number): string | null {
  const parts = [
    photos > 0 ? `${photos} ${photos === 1 ? 'photo' : 'photos'}` : null,
    signatures > 0 ? `${signatures} ${signatures === 1 ? 'signature' : 'signatures'}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? `${parts.join(' and ')} uploading` : null;
}
