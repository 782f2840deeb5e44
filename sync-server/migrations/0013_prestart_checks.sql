-- Daily pre-start checks and vehicle defects (issue 21), and the vehicle a job goes out on.
--
-- A check stores its answered items as JSON (the checklist is data in shared-schema and may grow
-- an item; an old check keeps the items it was made with). Each failed item raised one defect
-- row, open until resolved by a service record (linked) or marked fixed with a note. Photos of a
-- failed item are file references (hash, size, type), the bytes stored like every field photo.

CREATE TABLE prestart_checks (
  id INTEGER PRIMARY KEY,
  vehicleId INTEGER NOT NULL REFERENCES vehicles (id),
  checklist TEXT NOT NULL CHECK (checklist IN ('heavy_recovery', 'tow_truck', 'flatbed', '4x4', 'support')),
  checkedAt TEXT NOT NULL,
  perthDay TEXT NOT NULL,
  checkedBy INTEGER,
  checkedByName TEXT NOT NULL,
  odometer INTEGER NOT NULL CHECK (odometer >= 0),
  items TEXT NOT NULL DEFAULT '[]',
  failedCount INTEGER NOT NULL DEFAULT 0,
  latitude REAL,
  longitude REAL,
  accuracy REAL,
  positionNote TEXT CHECK (positionNote IN ('denied', 'unavailable', 'timeout')),
  createdAt TEXT NOT NULL
);
-- "Checked today" and the vehicle's history read checks by vehicle and day.
CREATE INDEX prestart_checks_vehicle_day ON prestart_checks (vehicleId, perthDay);

CREATE TABLE vehicle_defects (
  id INTEGER PRIMARY KEY,
  vehicleId INTEGER NOT NULL REFERENCES vehicles (id),
  checkId INTEGER REFERENCES prestart_checks (id),
  itemKey TEXT NOT NULL,
  title TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('minor', 'major', 'critical')),
  note TEXT NOT NULL,
  photos TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  raisedAt TEXT NOT NULL,
  raisedBy INTEGER,
  raisedByName TEXT NOT NULL,
  vehicleStatusBefore TEXT,
  resolvedAt TEXT,
  resolvedBy INTEGER,
  resolution TEXT CHECK (resolution IN ('service', 'fixed')),
  serviceRecordId INTEGER REFERENCES service_records (id),
  resolutionNote TEXT,
  updatedAt TEXT NOT NULL
);
-- The mutators read a vehicle's open defects; the fleet-wide list reads every open one.
CREATE INDEX vehicle_defects_vehicle_status ON vehicle_defects (vehicleId, status);
CREATE INDEX vehicle_defects_status ON vehicle_defects (status);

-- The vehicle a job goes out on (null until an admin picks one).
ALTER TABLE jobs ADD COLUMN vehicleId INTEGER REFERENCES vehicles (id);

-- The owners' daily fleet summary email (services/fleet-summary.ts): one row per Perth day,
-- claimed before sending, so a restart, a second timer tick or a second server never sends the
-- day's summary twice.
CREATE TABLE fleet_summaries (
  perthDay TEXT PRIMARY KEY,
  status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
  recipients TEXT NOT NULL DEFAULT '[]',
  itemCount INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  sentAt TEXT,
  createdAt TEXT NOT NULL
);
