-- Exactly once by mutationId, and restore detection (docs/sync.md).

-- A mutation is settled at most once, whatever client id or seq it arrives under. Rows an older
-- server settled twice are folded into their first verdict first (a resend of the dropped
-- (clientId, seq) is then answered with that verdict, found by its mutationId).
DELETE FROM mutation_results
  WHERE rowid NOT IN (SELECT min(rowid) FROM mutation_results GROUP BY mutationId);
CREATE UNIQUE INDEX mutation_results_mutation ON mutation_results (mutationId);

-- What is left of a verdict once retention drops its row (sync/retention.ts): the mutationId and
-- the outcome, so a resend is still answered and never applied again.
CREATE TABLE settled_mutations (
  mutationId TEXT PRIMARY KEY,
  status TEXT NOT NULL CHECK (status IN ('applied', 'rejected')),
  code TEXT,
  settledAt TEXT NOT NULL
);

-- One row per start of the server on this database (sync/timeline.ts). Pages carry the current
-- epoch and devices report the epoch their cursor came from: a device whose epoch this database
-- never had, or whose cursor is past the head this database had when the next epoch began, saw
-- history that was lost (restored from an older backup) and must resync.
CREATE TABLE sync_epochs (
  n INTEGER PRIMARY KEY,
  epoch TEXT NOT NULL UNIQUE,
  startedAt TEXT NOT NULL,
  headAtStart INTEGER NOT NULL
);
