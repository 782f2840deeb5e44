-- Refunds (issue 28): a credit note that leaves a paid invoice in credit is money owed back to
-- the customer. Paying it back is a payments row of kind 'refund' (money out), which the
-- invoice counts in amountRefunded; the balance due returns to zero.
--
-- Quotes name the job they were made for (the automatic quote of a completed job), which their
-- notes used to carry as text.

ALTER TABLE payments ADD COLUMN kind TEXT NOT NULL DEFAULT 'payment'
  CHECK (kind IN ('payment', 'refund'));
ALTER TABLE invoices ADD COLUMN amountRefunded INTEGER NOT NULL DEFAULT 0
  CHECK (amountRefunded >= 0);
ALTER TABLE quotes ADD COLUMN jobId TEXT;
