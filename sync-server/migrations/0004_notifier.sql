-- Customer job-update emails (services/notifier.ts), driven by the change log.

-- Which job event a notification tells the customer about. `type` stays the channel
-- ('sms' or 'email', as the shared schema says), so the event needs its own column.
ALTER TABLE notifications ADD COLUMN event TEXT;

-- One email per job, channel and event: a re-synced mutation, a second server run over the
-- same log or a restart can never send the customer the same news twice.
CREATE UNIQUE INDEX notifications_job_event ON notifications (jobId, type, event)
  WHERE jobId IS NOT NULL AND event IS NOT NULL;
CREATE INDEX notifications_status ON notifications (status);

-- How far each log reader has got (the notifier's cursor into `changes`).
CREATE TABLE log_cursors (
  name TEXT PRIMARY KEY,
  cursor INTEGER NOT NULL,
  updatedAt TEXT NOT NULL
);
