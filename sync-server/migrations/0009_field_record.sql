-- The job's field record (issue 19): condition photos by stage and the signed documents, each
-- recording the content hash of its file. The bytes are files under DATA_DIR named by that hash,
-- never rows here; `stored_files` lists the hashes the server holds, written once an upload's
-- bytes have been checked against their hash.

CREATE TABLE job_photos (
  id TEXT PRIMARY KEY,
  jobId TEXT NOT NULL REFERENCES jobs (id),
  stage TEXT NOT NULL CHECK (stage IN ('pickup', 'dropoff', 'damage', 'other')),
  takenAt TEXT NOT NULL,
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
CREATE INDEX job_photos_job ON job_photos (jobId);
CREATE INDEX job_photos_hash ON job_photos (contentHash);

CREATE TABLE job_signatures (
  id TEXT PRIMARY KEY,
  jobId TEXT NOT NULL REFERENCES jobs (id),
  document TEXT NOT NULL CHECK (document IN ('authority_to_tow', 'vehicle_release')),
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
-- Each document is signed once per job.
CREATE UNIQUE INDEX job_signatures_document ON job_signatures (jobId, document);
CREATE INDEX job_signatures_hash ON job_signatures (contentHash);

CREATE TABLE stored_files (
  id TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  mimeType TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  createdAt TEXT NOT NULL
);
