-- The truck's live position (issue 20): the latest fix the driver's phone shared for a job
-- while it is En Route, one row per job (its id is the job id). Newer fixes replace it and the
-- job leaving En Route deletes it, so no trail of where a driver has been is ever kept.

CREATE TABLE job_positions (
  id TEXT PRIMARY KEY REFERENCES jobs (id),
  jobId TEXT NOT NULL REFERENCES jobs (id) CHECK (jobId = id),
  latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  accuracy REAL CHECK (accuracy IS NULL OR accuracy >= 0),
  recordedAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
