-- Every booking wakes someone: staff alerts (push, texts to whoever is on call, escalation of an
-- emergency nobody takes), and the loops a customer opens closed (a booking declined, a job
-- cancelled, each with the reason the customer is told).

-- Who took a booking ("I've got it", approving or declining it) and when; why it was declined.
ALTER TABLE bookings ADD COLUMN acknowledgedAt TEXT;
ALTER TABLE bookings ADD COLUMN acknowledgedBy TEXT;
ALTER TABLE bookings ADD COLUMN declineReason TEXT;
-- Bookings that waited before alerts existed are old news: nobody is woken for them.
UPDATE bookings SET acknowledgedAt = updatedAt, acknowledgedBy = coalesce(approvedBy, 'Staff')
 WHERE status <> 'pending';

-- Why a job was cancelled, as the customer is told.
ALTER TABLE jobs ADD COLUMN cancelReason TEXT;

-- Who a notification is for: NULL for the customer, 'staff' for a staff alert. Staff alerts
-- have their own hourly budget, so a flood of customer texts never starves them (and the other
-- way round); the job's messages panel shows only the customer's.
ALTER TABLE notifications ADD COLUMN audience TEXT;
-- An email whose HTML was composed with it (everything but the job-event emails, whose HTML is
-- drawn from the job when they go).
ALTER TABLE notifications ADD COLUMN html TEXT;
CREATE INDEX notifications_staff_attempts ON notifications (attemptedAt)
  WHERE type = 'sms' AND attemptedAt IS NOT NULL AND audience = 'staff';

-- The on-call roster, in the order people are texted. No rows: the default (both owners, around
-- the clock). Server-only: the admin panel reads and saves it whole through /api/on-call.
CREATE TABLE on_call_roster (
  position INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  userId INTEGER REFERENCES users (id) ON DELETE SET NULL,
  days TEXT NOT NULL,
  startsAt TEXT NOT NULL,
  endsAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);

-- One row per booking that alerted staff: whether it escalates, how far it has got, and when
-- the next step is due. It is written in the same transaction as the notifier's cursor moves
-- past the booking, so a replayed log or a restart finds it and alerts nobody twice; the
-- escalation reads `nextAt` from here, so a restart loses no step and repeats none.
CREATE TABLE staff_alerts (
  bookingId TEXT PRIMARY KEY,
  emergency INTEGER NOT NULL,
  afterHours INTEGER NOT NULL,
  createdAt TEXT NOT NULL,
  -- Escalation steps done (0: only the arrival's alerts).
  step INTEGER NOT NULL DEFAULT 0,
  -- When the next escalation step is due; NULL when none is (not an emergency, or settled).
  nextAt TEXT,
  -- When the escalation stopped because someone took the booking.
  settledAt TEXT
);
CREATE INDEX staff_alerts_due ON staff_alerts (nextAt) WHERE nextAt IS NOT NULL;

-- A staff member's own alert channels. No row: push and texts on, email off.
CREATE TABLE staff_alert_preferences (
  userId INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  push INTEGER NOT NULL,
  sms INTEGER NOT NULL,
  email INTEGER NOT NULL,
  updatedAt TEXT NOT NULL
);

-- A staff device's Web Push subscription. Server-only, like the customers' subscriptions.
CREATE TABLE staff_push_subscriptions (
  id INTEGER PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  createdAt TEXT NOT NULL
);

-- One push per staff device and booking, claimed `pending` with the notifier's cursor: the
-- primary key means a replayed log or a restart can never push the same booking twice.
CREATE TABLE staff_push_sends (
  subscriptionId INTEGER NOT NULL REFERENCES staff_push_subscriptions (id) ON DELETE CASCADE,
  bookingId TEXT NOT NULL,
  userId INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  payload TEXT NOT NULL,
  error TEXT,
  createdAt TEXT NOT NULL,
  sentAt TEXT,
  PRIMARY KEY (subscriptionId, bookingId)
);
CREATE INDEX staff_push_sends_pending ON staff_push_sends (status) WHERE status = 'pending';
