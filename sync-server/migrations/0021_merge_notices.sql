-- Both owners told (issue 28): when one owner settles a conflict by keeping their own value over
-- the other owner's (docs/sync.md, "When two people edit the same record"), the other owner's
-- devices are told with a notice holding both values, which they can undo or accept. The
-- notice is written in the same mutation as the edit that replaced the value.

CREATE TABLE merge_notices (
  id INTEGER PRIMARY KEY,
  entity TEXT NOT NULL CHECK (entity IN ('quotes', 'jobs', 'vehicles')),
  recordId TEXT NOT NULL,
  recordRef TEXT NOT NULL,
  parts TEXT NOT NULL DEFAULT '[]',
  keptBy INTEGER,
  keptByName TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'undone', 'accepted')),
  settledBy INTEGER,
  settledAt TEXT,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE INDEX merge_notices_status ON merge_notices (status);
