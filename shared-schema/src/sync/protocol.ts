/**
 * The sync protocol between a staff device and the server (docs/sync.md), over the WebSocket or
 * the HTTP fallback. Every message is one member of a zod discriminated union on `type`, so both
 * ends validate what they receive. `PROTOCOL_VERSION` changes whenever a message changes shape;
 * a client older than `MIN_CLIENT_PROTOCOL_VERSION` is told `update-required` instead of being
 * served data it would misread (the "client too old" case of tldraw's sync-core).
 */
import { z } from 'zod';
import { INTEGER_ID_SERIES } from '../constants/ids';
import { SYNCED_TABLES } from '../constants/tables';

/**
 * The protocol version this build speaks. 2 added the server epoch to pages, hellos and pulls,
 * and the `seq_mismatch` error; 3 the hello's answer about id blocks (`refusedLeases`,
 * `leaseKinds`) and the `lease_refused` error; 4 the snapshot of a new device (`snapshot`,
 * `historyDays`): first-screen rows first, then history newest first, a page at a time. Older
 * clients are still served: they ignore what they do not know, and a client older than 4 that
 * starts from cursor 0 is sent the whole log as before.
 */
export const PROTOCOL_VERSION = 4;

/** The first protocol version whose devices start with a snapshot instead of the whole log. */
export const SNAPSHOT_PROTOCOL_VERSION = 4;

/** The oldest client protocol the server still serves. */
export const MIN_CLIENT_PROTOCOL_VERSION = 1;

/** Largest number of mutations in one push; a client splits its outbox into batches this size. */
export const MAX_PUSH_BATCH = 500;

/** Largest number of changes in one changes page. */
export const MAX_CHANGES_PAGE = 1000;

/**
 * Largest number of rows in one page of a snapshot: small enough that a cheap phone writes a
 * page into IndexedDB in a few short transactions, and that the first screen's page arrives in
 * about a second on one bar of signal.
 */
export const MAX_SNAPSHOT_PAGE = 200;

/**
 * An id series a device can lease numbers from (docs/sync.md): an integer-id table name, or a
 * text-id prefix and business year (`JOB-2026`, `BKG-2026`, `Q-2026`, `INV-2026`, `CN-2026`) whose numbers
 * make ids like `JOB-2026-123`.
 */
export const idSeriesSchema = z.union([
  z.enum(INTEGER_ID_SERIES),
  z.string().regex(/^(JOB|BKG|Q|INV|CN)-\d{4}$/, { error: 'Unknown id series' }),
]);

/** A name accepted by {@link idSeriesSchema}. */
export type IdSeries = z.infer<typeof idSeriesSchema>;

const rowIdSchema = z.union([z.string(), z.number().int()]);
const cursorSchema = z.number().int().min(0);
/**
 * The server run (epoch) that sent the page a device's cursor came from. With the cursor it lets
 * the server tell whether it lost history the device saw (restored from an older backup).
 */
const epochSchema = z.string().min(1).max(100).nullable().optional();

/**
 * Where a device stands in the snapshot it is taking (docs/new-device.md): the log position the
 * snapshot was taken at (`head`) and where its next page starts, in the server's own notation
 * (`next`; null once the snapshot is complete, when the device's cursor becomes `head`). The
 * device stores it with each page, so a lost link resumes where it stopped.
 */
export const snapshotPositionSchema = z.object({
  head: cursorSchema,
  next: z.string().min(1).max(200).nullable(),
});
export type SnapshotPosition = z.infer<typeof snapshotPositionSchema>;

/**
 * Days of history a device keeps (offline-scope.ts `historyDaysFor`): absent for the role's
 * default, null for everything; the server caps it at what the role allows.
 */
const historyDaysSchema = z.number().int().min(0).max(36_600).nullable().optional();

/** One queued mutation as a client sends it. */
export const pushedMutationSchema = z.object({
  /** Per-client, increasing by one with each mutation the client creates. */
  seq: z.number().int().min(1),
  /** A UUID, for logs and for matching results to outbox rows. */
  mutationId: z.string().min(1).max(100),
  name: z.string().min(1).max(100),
  args: z.unknown(),
  /** The device clock when the mutation was made: for display only, never for ordering. */
  createdAt: z.string().max(40),
});
export type PushedMutation = z.infer<typeof pushedMutationSchema>;

/** The server's verdict on one mutation of a client. */
export const mutationResultSchema = z.object({
  seq: z.number().int().min(1),
  mutationId: z.string(),
  status: z.enum(['applied', 'rejected']),
  code: z.string().nullable(),
  message: z.string().nullable(),
  result: z.unknown().optional(),
});
export type MutationResult = z.infer<typeof mutationResultSchema>;

/** One entry of the change log; a delete carries no data (a tombstone). */
export const changeEntrySchema = z.object({
  seq: z.number().int().min(1),
  entity: z.enum(SYNCED_TABLES),
  rowId: rowIdSchema,
  op: z.enum(['put', 'delete']),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type ChangeEntry = z.infer<typeof changeEntrySchema>;

/** A block of numbers `start` to `end` (inclusive) of `series` that a device holds. */
export const heldLeaseSchema = z
  .object({
    series: idSeriesSchema,
    start: z.number().int().min(1),
    end: z.number().int().min(1),
  })
  .refine((lease) => lease.end >= lease.start && lease.end - lease.start < 100_000, {
    error: 'A lease must run forwards and be at most 100,000 numbers long',
  });
export type HeldLease = z.infer<typeof heldLeaseSchema>;

/** Client → server: opens a session and asks for the changes after `cursor`. */
export const helloMessageSchema = z.object({
  type: z.literal('hello'),
  protocolVersion: z.number().int(),
  schemaVersion: z.number().int(),
  clientId: z.string().min(1).max(100),
  cursor: cursorSchema,
  /** The highest of its own seqs whose result the client has already taken in. */
  ackedSeq: z.number().int().min(0),
  epoch: epochSchema,
  /**
   * The id blocks the device holds. The server checks each against the blocks it granted this
   * client id (recorded with the restore guard, so a restore does not forget them); any other is
   * refused in the answer's `refusedLeases`, and no counter ever moves for a hello.
   */
  leases: z.array(heldLeaseSchema).max(200).optional(),
  /** A snapshot under way (cursor 0): the server goes on from `next` instead of starting over. */
  snapshot: snapshotPositionSchema.optional(),
  historyDays: historyDaysSchema,
});

/** Client → server: a batch of outbox mutations in seq order. */
export const pushMessageSchema = z.object({
  type: z.literal('push'),
  clientId: z.string().min(1).max(100),
  mutations: z.array(pushedMutationSchema).max(MAX_PUSH_BATCH),
});

/** Client → server: asks for the next page of changes after `cursor`. */
export const pullMessageSchema = z.object({
  type: z.literal('pull'),
  clientId: z.string().min(1).max(100),
  cursor: cursorSchema,
  ackedSeq: z.number().int().min(0),
  epoch: epochSchema,
  /** The page of a snapshot to send next (see {@link helloMessageSchema}). */
  snapshot: snapshotPositionSchema.optional(),
  historyDays: historyDaysSchema,
});

/** Client → server: asks for a block of numbers from an id series. */
export const leaseRequestMessageSchema = z.object({
  type: z.literal('lease-request'),
  clientId: z.string().min(1).max(100),
  series: idSeriesSchema,
  size: z.number().int().min(1).max(1000).optional(),
});

/**
 * Server → client: a page of changes after the client's cursor, with the results of the
 * client's mutations. `reset` means the server has proof it lost history this device saw
 * (restored from an older backup): the page is empty, and the client takes a new client id,
 * keeping every pending mutation with its mutationId, and resyncs from cursor 0. It is the only
 * reason a client resets.
 */
export const changesMessageSchema = z.object({
  type: z.literal('changes'),
  changes: z.array(changeEntrySchema),
  cursor: cursorSchema,
  hasMore: z.boolean(),
  reset: z.boolean(),
  /** The server run that sent this page; the client stores it with the cursor. */
  epoch: z.string().min(1).max(100).optional(),
  /**
   * The highest seq of this client settled (applied or rejected) whose effects are all in the
   * changes up to `cursor`: the client may drop outbox rows up to here when it applies the page.
   */
  lastSeq: z.number().int().min(0),
  /** The results of this client's mutations after its `ackedSeq`, up to `lastSeq`. */
  results: z.array(mutationResultSchema),
  /**
   * On the first page answering a hello: the blocks it claimed that the server never granted to
   * this client id, or of a series its role does not mint. The device drops them (numbers it
   * already used stay in its outbox) and asks for new blocks.
   */
  refusedLeases: z.array(heldLeaseSchema).optional(),
  /**
   * On the first page answering a hello: the kinds of series (rules/id-leases.ts `LEASE_KINDS`)
   * the device may hold blocks of, so it asks for those only.
   */
  leaseKinds: z.array(z.string()).optional(),
  /**
   * Set on the pages of a snapshot: the rows as they are (puts only), never the whole answer (the
   * device asks for each next page). While `next` is set, `cursor` stays 0 and `hasMore` true;
   * the last page carries `cursor` = `head`, and the log after it follows as usual.
   */
  snapshot: snapshotPositionSchema.optional(),
});

/**
 * Server → client: the answer to a push. `lastSeq` is the client's settled seq after the batch;
 * mutations above it were not applied (a gap or a transient failure) and must be sent again.
 */
export const resultsMessageSchema = z.object({
  type: z.literal('results'),
  results: z.array(mutationResultSchema),
  lastSeq: z.number().int().min(0),
  /** Set when the batch stopped early, with the reason. */
  stopped: z.enum(['gap', 'transient']).optional(),
});

/** Server → client: new changes exist after `cursor`; pull them. */
export const pokeMessageSchema = z.object({
  type: z.literal('poke'),
  cursor: cursorSchema,
});

/** Server → client: numbers `start` to `end` inclusive of `series` now belong to this client. */
export const leaseGrantMessageSchema = z.object({
  type: z.literal('lease-grant'),
  series: idSeriesSchema,
  start: z.number().int().min(1),
  end: z.number().int().min(1),
});

/** Server → client: this client is too old to be served; it must flush and reload. */
export const updateRequiredMessageSchema = z.object({
  type: z.literal('update-required'),
  minProtocolVersion: z.number().int(),
  message: z.string(),
});

/**
 * Server → client: something went wrong with the last message. `seq_mismatch` answers a push
 * holding a mutation under a seq this client id already used for another one: nothing of it was
 * acknowledged, and the client takes a new client id (as for `reset`) and sends it again.
 * `lease_refused` answers a lease request the server will not grant (a series the role does not
 * mint, or more blocks in a day than a working device asks for): the session goes on.
 */
export const errorMessageSchema = z.object({
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
  /** True when the same message may succeed later (the client retries with backoff). */
  retryable: z.boolean(),
});

/** Every message a client may send. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  helloMessageSchema,
  pushMessageSchema,
  pullMessageSchema,
  leaseRequestMessageSchema,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Every message the server may send. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  changesMessageSchema,
  resultsMessageSchema,
  pokeMessageSchema,
  leaseGrantMessageSchema,
  updateRequiredMessageSchema,
  errorMessageSchema,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type HelloMessage = z.infer<typeof helloMessageSchema>;
export type PushMessage = z.infer<typeof pushMessageSchema>;
export type PullMessage = z.infer<typeof pullMessageSchema>;
export type LeaseRequestMessage = z.infer<typeof leaseRequestMessageSchema>;
export type ChangesMessage = z.infer<typeof changesMessageSchema>;
export type ResultsMessage = z.infer<typeof resultsMessageSchema>;
export type PokeMessage = z.infer<typeof pokeMessageSchema>;
export type LeaseGrantMessage = z.infer<typeof leaseGrantMessageSchema>;
export type UpdateRequiredMessage = z.infer<typeof updateRequiredMessageSchema>;
export type ErrorMessage = z.infer<typeof errorMessageSchema>;

/**
 * Whether the server can serve a client speaking `clientVersion`; a client newer than the
 * server is served too (it must still accept this version's messages), an older one is not.
 */
export function isClientSupported(clientVersion: number): boolean {
  return clientVersion >= MIN_CLIENT_PROTOCOL_VERSION;
}
