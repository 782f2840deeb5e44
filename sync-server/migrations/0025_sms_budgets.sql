-- Texts are counted against budgets by category (shared-schema rules/sms.ts SMS_CATEGORIES):
-- booking acknowledgements, job updates and staff alerts each have their own, so a flood of
-- bookings with made-up numbers (the public form is anyone's) cannot silence the texts about
-- real jobs. Rows from before are categorised by their event.
ALTER TABLE notifications ADD COLUMN category TEXT;
UPDATE notifications
   SET category = CASE event WHEN 'booking_received' THEN 'booking-ack' ELSE 'job-updates' END
 WHERE type = 'sms';
-- For a booking acknowledgement: the network address the booking came from (its budget per
-- address and day).
ALTER TABLE notifications ADD COLUMN sourceAddress TEXT;
-- When a text was failed (the admin panel warns while a category's budget held texts back).
ALTER TABLE notifications ADD COLUMN failedAt TEXT;

CREATE INDEX notifications_sms_category ON notifications (category, attemptedAt)
  WHERE type = 'sms' AND attemptedAt IS NOT NULL;
CREATE INDEX notifications_sms_failed ON notifications (failedAt)
  WHERE type = 'sms' AND failedAt IS NOT NULL;

-- Where each public booking came from, kept a week: what the acknowledgement's budget per
-- address counts by. Server-only, never synced.
CREATE TABLE booking_sources (
  bookingId TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  createdAt TEXT NOT NULL
);
CREATE INDEX booking_sources_created ON booking_sources (createdAt);
