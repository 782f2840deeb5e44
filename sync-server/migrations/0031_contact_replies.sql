-- Contact messages closed: staff mark them handled, answer them by email (kept with the message,
-- threaded under the owners' copy), and turn a quote request into a draft quote.

ALTER TABLE emails ADD COLUMN status TEXT;
ALTER TABLE emails ADD COLUMN handledBy TEXT;
ALTER TABLE emails ADD COLUMN handledAt TEXT;
-- 'message' or 'quote' (a quote request); NULL on rows from before: a message.
ALTER TABLE emails ADD COLUMN kind TEXT;
-- A quote request's vehicle and route (JSON).
ALTER TABLE emails ADD COLUMN details TEXT;
-- Staff's emailed replies, oldest first (JSON).
ALTER TABLE emails ADD COLUMN replies TEXT;
-- The draft quote made from a quote request.
ALTER TABLE emails ADD COLUMN quoteId TEXT;
