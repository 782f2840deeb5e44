-- WA's crash towing law (Towing Services Act 2024, Towing Services Regulations 2025): a crash
-- tow's Authority to Tow and checks before loading, the storage yard with every movement and
-- visit, the complaints register and notifiable occurrences (docs/compliance-wa.md). None of
-- these rows is ever deleted: each is a record the Department may ask for.

-- One per job marked a crash tow; its photos and signatures are the job's field record.
CREATE TABLE crash_tows (
  id TEXT PRIMARY KEY REFERENCES jobs (id),
  jobId TEXT NOT NULL REFERENCES jobs (id),
  t1FormNumber TEXT,
  authorisedBy TEXT CHECK (authorisedBy IN ('owner_driver', 'police', 'main_roads')),
  authoriserName TEXT,
  authoriserPhone TEXT,
  authoriserEmail TEXT,
  officerRank TEXT,
  officerNumber TEXT,
  officerStation TEXT,
  mainRoadsId TEXT,
  vehicleRegistration TEXT,
  vehicleMake TEXT,
  vehicleModel TEXT,
  vehicleColour TEXT,
  crashLocation TEXT,
  destination TEXT,
  charges TEXT,
  dashcamCamera TEXT,
  dashcamFile TEXT,
  dashcamFrom TEXT,
  dashcamTo TEXT,
  noProperty INTEGER NOT NULL DEFAULT 0,
  propertyItems TEXT NOT NULL DEFAULT '[]',
  loadedAt TEXT,
  loadedBy INTEGER,
  overrideReason TEXT,
  overrideBy INTEGER,
  overrideByName TEXT,
  overrideAt TEXT,
  markedBy INTEGER,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE INDEX crash_tows_job ON crash_tows (jobId);
CREATE INDEX crash_tows_created ON crash_tows (createdAt);

-- A crash tow's guided photos name what they show: a side of the vehicle or its property.
ALTER TABLE job_photos ADD COLUMN subject TEXT
  CHECK (subject IN ('front', 'rear', 'left', 'right', 'property'));

-- The towing worker signs the Authority to Tow too: the signatures table takes the new document.
-- SQLite cannot change a CHECK in place, so the table is copied into its new shape.
CREATE TABLE job_signatures_next (
  id TEXT PRIMARY KEY,
  jobId TEXT NOT NULL REFERENCES jobs (id),
  document TEXT NOT NULL
    CHECK (document IN ('authority_to_tow', 'vehicle_release', 'att_towing_worker')),
  signerName TEXT NOT NULL,
  signedAt TEXT NOT NULL,
  latitude REAL,
  longitude REAL,
  accuracy REAL,
  positionNote TEXT CHECK (positionNote IN ('denied', 'unavailable', 'timeout')),
  contentHash TEXT NOT NULL,
  size INTEGER NOT NULL CHECK (size > 0),
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  mimeType TEXT NOT NULL,
  recordedBy INTEGER,
  createdAt TEXT NOT NULL
);
INSERT INTO job_signatures_next
  (id, jobId, document, signerName, signedAt, latitude, longitude, accuracy, positionNote,
   contentHash, size, width, height, mimeType, recordedBy, createdAt)
  SELECT id, jobId, document, signerName, signedAt, latitude, longitude, accuracy, positionNote,
         contentHash, size, width, height, mimeType, recordedBy, createdAt
  FROM job_signatures;
DROP TABLE job_signatures;
ALTER TABLE job_signatures_next RENAME TO job_signatures;
CREATE UNIQUE INDEX job_signatures_document ON job_signatures (jobId, document);
CREATE INDEX job_signatures_hash ON job_signatures (contentHash);

CREATE TABLE yard_vehicles (
  id INTEGER PRIMARY KEY,
  jobId TEXT REFERENCES jobs (id),
  bay TEXT NOT NULL,
  timeIn TEXT NOT NULL,
  registration TEXT,
  make TEXT,
  model TEXT,
  colour TEXT,
  ownerName TEXT,
  ownerPhone TEXT,
  ownerEmail TEXT,
  policeHold INTEGER NOT NULL DEFAULT 0,
  insurerHold INTEGER NOT NULL DEFAULT 0,
  holdNote TEXT,
  property TEXT,
  dailyFeeCents INTEGER NOT NULL CHECK (dailyFeeCents >= 0),
  status TEXT NOT NULL CHECK (status IN ('stored', 'released')),
  paidAt TEXT,
  invoiceId TEXT,
  releaseDueAt TEXT,
  releasedAt TEXT,
  releasedBy INTEGER,
  release TEXT,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE INDEX yard_vehicles_job ON yard_vehicles (jobId) WHERE jobId IS NOT NULL;
CREATE INDEX yard_vehicles_status ON yard_vehicles (status);

CREATE TABLE yard_events (
  id INTEGER PRIMARY KEY,
  yardVehicleId INTEGER NOT NULL REFERENCES yard_vehicles (id),
  kind TEXT NOT NULL CHECK (kind IN ('in', 'move', 'access', 'hold', 'payment', 'release')),
  at TEXT NOT NULL,
  byUser INTEGER,
  byName TEXT NOT NULL,
  fromBay TEXT,
  toBay TEXT,
  reason TEXT,
  visitorName TEXT,
  visitorDocument TEXT,
  itemsTaken TEXT,
  detail TEXT,
  createdAt TEXT NOT NULL
);
CREATE INDEX yard_events_vehicle ON yard_events (yardVehicleId);
CREATE INDEX yard_events_at ON yard_events (at);

CREATE TABLE complaints (
  id INTEGER PRIMARY KEY,
  receivedAt TEXT NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('web', 'phone', 'email', 'in_person', 'letter')),
  name TEXT NOT NULL,
  phone TEXT,
  email TEXT,
  reference TEXT,
  details TEXT NOT NULL,
  acknowledgedAt TEXT,
  acknowledgedBy TEXT,
  investigatedAt TEXT,
  findings TEXT,
  resolvedAt TEXT,
  outcome TEXT,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE INDEX complaints_received ON complaints (receivedAt);

CREATE TABLE occurrences (
  id INTEGER PRIMARY KEY,
  jobId TEXT REFERENCES jobs (id),
  kind TEXT NOT NULL,
  occurredAt TEXT NOT NULL,
  awareAt TEXT NOT NULL,
  description TEXT NOT NULL,
  recordedBy TEXT NOT NULL,
  reportedAt TEXT,
  reportReference TEXT,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE INDEX occurrences_occurred ON occurrences (occurredAt);
