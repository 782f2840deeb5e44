-- Jobs belong to a driver's account, not to a name: a second driver created with the name
-- "Sam Taylor" saw Sam's jobs, customers' phone numbers included. `assignedDriverId` is the
-- account (what decides who sees the job, shared-schema rules/roles.ts); `assignedTo` stays,
-- the name people read.
--
-- Jobs assigned before this get the account of their name: the staff account whose assignment
-- name (first and last name, else the username) is exactly that name, when exactly one does.
-- `Both`, `Unassigned`, an empty name, a name no account has, or one two accounts share is left
-- without an account, so such a job stays with the admins (or, unassigned, open to every
-- driver) until an admin picks the driver, and nobody sees a job that might not be theirs.
ALTER TABLE jobs ADD COLUMN assignedDriverId INTEGER;
CREATE INDEX jobs_assigned_driver ON jobs (assignedDriverId) WHERE assignedDriverId IS NOT NULL;

CREATE TEMP TABLE staff_names AS
  SELECT id,
         CASE
           WHEN trim(coalesce(firstName, '') || ' ' || coalesce(lastName, '')) <> ''
             THEN trim(trim(coalesce(firstName, '')) || ' ' || trim(coalesce(lastName, '')))
           ELSE username
         END AS name
    FROM users
   WHERE role IN ('admin', 'driver');

CREATE TEMP TABLE job_drivers AS
  SELECT j.id AS jobId, min(s.id) AS driverId
    FROM jobs AS j
    JOIN staff_names AS s ON s.name = trim(j.assignedTo)
   WHERE j.assignedTo IS NOT NULL AND trim(j.assignedTo) NOT IN ('', 'Both', 'Unassigned')
   GROUP BY j.id
  HAVING count(*) = 1;

UPDATE jobs
   SET assignedDriverId = (SELECT driverId FROM job_drivers WHERE jobId = jobs.id)
 WHERE id IN (SELECT jobId FROM job_drivers);

-- Devices hold these jobs without the account: each gets its row again, the latest logged
-- data with the account added, so every device (and the driver's scope) follows on its next
-- sync. Rows never logged are logged at start with their stored data (change-log.ts).
INSERT INTO changes (entity, rowId, op, data, scope, createdAt)
  SELECT 'jobs', c.rowId, 'put', json_set(c.data, '$.assignedDriverId', d.driverId), 'staff',
         strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    FROM job_drivers AS d
    JOIN changes AS c ON c.seq = (
      SELECT max(seq) FROM changes WHERE entity = 'jobs' AND rowId = d.jobId AND op = 'put'
    )
   ORDER BY d.jobId;

DROP TABLE job_drivers;
DROP TABLE staff_names;
