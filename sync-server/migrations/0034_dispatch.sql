-- Dispatch: drivers' shift records and each truck's last known position.
--
-- A shift record is one event of a driver's working day (shift start and end, break start and
-- end) at the time on their device; rows are only added, never changed, and the fatigue limits
-- and timesheets are worked out from them. They are the work-time record WA's OSH Regulations
-- want kept for at least three years, so nothing here deletes them.

CREATE TABLE driver_shift_events (
  id INTEGER PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users (id),
  userName TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('shift_start', 'break_start', 'break_end', 'shift_end')),
  at TEXT NOT NULL,
  createdAt TEXT NOT NULL
);
-- The board and the timesheet read one driver's records by time.
CREATE INDEX driver_shift_events_user_at ON driver_shift_events (userId, at);

-- The last position each truck's driver shared on a job, one row per truck (its id is the
-- vehicle's id), kept after the job so the board measures from where the truck was last seen.
CREATE TABLE vehicle_positions (
  id INTEGER PRIMARY KEY REFERENCES vehicles (id),
  vehicleId INTEGER NOT NULL REFERENCES vehicles (id) CHECK (vehicleId = id),
  latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  recordedAt TEXT NOT NULL,
  jobId TEXT NOT NULL REFERENCES jobs (id),
  updatedAt TEXT NOT NULL
);
