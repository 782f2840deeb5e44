-- Text messages to the customer (issue 31): the spec's notifications of type 'sms'.

-- What a notification is about, for the once-only guard: 'job:JOB-…', 'booking:BKG-…',
-- 'quote:Q-…', 'payment:42'. A job can have several quotes and part payments, so the old
-- (jobId, type, event) guard cannot serve texts; this one serves both channels. A message staff
-- send again by hand has none (each resend is its own deliberate act).
ALTER TABLE notifications ADD COLUMN onceKey TEXT;
UPDATE notifications SET onceKey = 'job:' || jobId WHERE jobId IS NOT NULL AND event IS NOT NULL;
DROP INDEX notifications_job_event;
CREATE UNIQUE INDEX notifications_once ON notifications (onceKey, type, event)
  WHERE onceKey IS NOT NULL AND event IS NOT NULL;

-- A booking's texts before it is a job, so the job's history can show them after approval.
ALTER TABLE notifications ADD COLUMN bookingId TEXT;
-- Segments the provider bills for a text (shared-schema rules/sms.ts smsSegments).
ALTER TABLE notifications ADD COLUMN segments INTEGER;
-- Tries so far (a text the provider could not take is tried again with back-off). Nullable, as
-- every server-only column is, so a row written from the entity still fits; read as 0.
ALTER TABLE notifications ADD COLUMN attempts INTEGER DEFAULT 0;
-- When the provider was last asked; hourly caps count texts by it.
ALTER TABLE notifications ADD COLUMN attemptedAt TEXT;
-- The provider's id of the sent message (Twilio's Message SID), or the outbox file.
ALTER TABLE notifications ADD COLUMN providerId TEXT;
-- The message a staff member sent again by hand.
ALTER TABLE notifications ADD COLUMN resendOf INTEGER;

CREATE INDEX notifications_job ON notifications (jobId) WHERE jobId IS NOT NULL;
CREATE INDEX notifications_booking ON notifications (bookingId) WHERE bookingId IS NOT NULL;
-- The hourly caps: texts attempted per number, and in all, since an hour ago.
CREATE INDEX notifications_sms_attempts ON notifications (attemptedAt, recipientPhone)
  WHERE type = 'sms' AND attemptedAt IS NOT NULL;

-- Numbers that asked for no more texts: a STOP reply (through the provider's signed webhook)
-- or the tracking page's button. A START reply from the number itself removes it. Server-only:
-- never synced to devices.
CREATE TABLE sms_opt_outs (
  phone TEXT PRIMARY KEY,
  source TEXT NOT NULL CHECK (source IN ('reply', 'tracking-page')),
  createdAt TEXT NOT NULL
);
