-- Issue 14: unguessable tracking, pay links, and card payments that need staff's eyes.

-- Every job and booking carries its customer's tracking token (128 random bits). Rows that
-- existed before get one here: 16 random bytes as 32 hexadecimal characters, which are
-- base64url characters too, so the shared token pattern accepts them. A job made from a booking
-- carries the booking's token, so each table has its own unique index.
ALTER TABLE jobs ADD COLUMN trackingToken TEXT;
ALTER TABLE bookings ADD COLUMN trackingToken TEXT;
UPDATE jobs SET trackingToken = lower(hex(randomblob(16))) WHERE trackingToken IS NULL;
UPDATE bookings SET trackingToken = lower(hex(randomblob(16))) WHERE trackingToken IS NULL;
CREATE UNIQUE INDEX jobs_tracking_token ON jobs (trackingToken) WHERE trackingToken IS NOT NULL;
CREATE UNIQUE INDEX bookings_tracking_token ON bookings (trackingToken)
  WHERE trackingToken IS NOT NULL;

-- The token of each quote's pay link (`/checkout?quote=…&token=…`). A server table, not a synced
-- entity: staff open the checkout with their session, so devices never need it.
CREATE TABLE quote_pay_links (
  quoteId TEXT PRIMARY KEY,
  token TEXT NOT NULL UNIQUE,
  createdAt TEXT NOT NULL
);

-- A card payment the server did not settle because something about it is wrong (an intent it
-- did not create for that quote, another currency, less than the amount due): recorded for
-- staff to look at, never marking anything paid.
CREATE TABLE payment_reviews (
  id INTEGER PRIMARY KEY,
  intentId TEXT NOT NULL,
  quoteId TEXT,
  amount INTEGER,
  currency TEXT,
  reason TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('webhook', 'confirm')),
  createdAt TEXT NOT NULL,
  UNIQUE (intentId, reason)
);
