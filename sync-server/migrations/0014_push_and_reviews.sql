-- Web Push for customers, and the review request email (issue 20 item 5).

-- When a notification may go out: the review request waits a few hours after completion.
-- NULL (every other notification): at once.
ALTER TABLE notifications ADD COLUMN dueAt TEXT;

-- A browser's push subscription for one job, made from its tracking page. Linked by the job's
-- tracking token (the proof the guest had), so a subscription made while the booking waits for
-- approval follows it to its job. Server-only: never synced, never shown to staff devices.
CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY,
  trackingToken TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  createdAt TEXT NOT NULL,
  UNIQUE (trackingToken, endpoint)
);

-- One push per subscription and job event, recorded `pending` in the same transaction as the
-- notifier's cursor moves and then `sent` or `failed`: the primary key means a re-synced
-- mutation, a replayed log or a restart can never push the same news twice.
CREATE TABLE push_sends (
  subscriptionId INTEGER NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  event TEXT NOT NULL,
  jobId TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  payload TEXT NOT NULL,
  error TEXT,
  createdAt TEXT NOT NULL,
  sentAt TEXT,
  PRIMARY KEY (subscriptionId, event)
);
CREATE INDEX push_sends_pending ON push_sends (status) WHERE status = 'pending';
