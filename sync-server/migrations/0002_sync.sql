-- Sync bookkeeping (docs/sync.md): devices, the change log, stored mutation results, id leases.

-- One row per device. lastSeq is the highest of the device's mutation seqs the server has
-- settled (applied or rejected); the next acceptable seq is lastSeq + 1.
CREATE TABLE sync_clients (
  clientId TEXT PRIMARY KEY,
  userId INTEGER NOT NULL,
  lastSeq INTEGER NOT NULL DEFAULT 0,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);

-- The monotonic change log every device pulls from. A delete is a tombstone (data NULL).
-- rowId has no declared type on purpose: it keeps integer ids as integers and text ids as text.
CREATE TABLE changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  entity TEXT NOT NULL,
  rowId NOT NULL,
  op TEXT NOT NULL CHECK (op IN ('put', 'delete')),
  data TEXT,
  scope TEXT NOT NULL DEFAULT 'staff',
  createdAt TEXT NOT NULL
);
CREATE INDEX changes_row ON changes (entity, rowId, seq);

-- The verdict on every mutation a device pushed, so a resend gets the stored answer. changeSeq
-- is the change log's position once the mutation was settled: a pull page reports a mutation
-- as settled only when the page already carries its effects, so a device never drops an
-- optimistic write before the confirmed rows that replace it have arrived.
CREATE TABLE mutation_results (
  clientId TEXT NOT NULL,
  seq INTEGER NOT NULL,
  mutationId TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('applied', 'rejected')),
  code TEXT,
  message TEXT,
  result TEXT,
  changeSeq INTEGER NOT NULL,
  createdAt TEXT NOT NULL,
  PRIMARY KEY (clientId, seq)
);

-- Blocks of id numbers handed to devices, so ids minted offline are final.
CREATE TABLE id_leases (
  clientId TEXT NOT NULL,
  series TEXT NOT NULL,
  start INTEGER NOT NULL,
  "end" INTEGER NOT NULL,
  createdAt TEXT NOT NULL,
  PRIMARY KEY (series, start)
);
CREATE INDEX id_leases_client ON id_leases (clientId, series);
