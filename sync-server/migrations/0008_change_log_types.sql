-- The change log without whole-database scans (issue 13).

-- Integer row ids were bound as REAL (better-sqlite3 binds JS numbers as doubles) into the
-- untyped `changes.rowId`, so `5` was stored as `5.0`. They are integers again; the server now
-- binds them as integers (sync/change-log.ts, logRowId).
UPDATE changes SET rowId = CAST(rowId AS INTEGER)
  WHERE typeof(rowId) = 'real' AND rowId = CAST(rowId AS INTEGER);

-- Per synced table, the highest SQLite rowid the start-up safety net has checked for a log
-- entry (sync/change-log.ts, logUnloggedRows): each start checks only the rows after it.
CREATE TABLE change_log_marks (
  entity TEXT PRIMARY KEY,
  checkedRowid INTEGER NOT NULL
);
