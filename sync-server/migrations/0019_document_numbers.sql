-- Document numbers an accountant accepts (docs/decisions/2026-11-27-document-numbers.md).
--
-- Jobs, quotes, invoices and credit notes keep their id as the row's key (leased, so a device
-- can make one offline and link other rows to it) and get a document number of their own: the
-- server gives it when it stores the row, from one counter per series and year, in the same
-- transaction, so a series follows issue order with no gaps. Rows made before this keep their
-- id as their number.

ALTER TABLE jobs ADD COLUMN number TEXT;
ALTER TABLE quotes ADD COLUMN number TEXT;
ALTER TABLE invoices ADD COLUMN number TEXT;
ALTER TABLE credit_notes ADD COLUMN number TEXT;

UPDATE jobs SET number = id;
UPDATE quotes SET number = id;
UPDATE invoices SET number = id;
UPDATE credit_notes SET number = id;

CREATE UNIQUE INDEX jobs_number ON jobs (number);
CREATE UNIQUE INDEX quotes_number ON quotes (number);
CREATE UNIQUE INDEX invoices_number ON invoices (number);
CREATE UNIQUE INDEX credit_notes_number ON credit_notes (number);

-- The last number given in each series ('INV-2026'). A series that ran before continues after
-- the highest number ever handed out under the old scheme, leases included: a device may still
-- hold such a number and send a row keyed by it, and no number may read like another row's key.
CREATE TABLE document_numbers (
  series TEXT PRIMARY KEY,
  last INTEGER NOT NULL CHECK (last >= 0)
);
INSERT INTO document_numbers (series, last)
  SELECT series, next - 1 FROM id_series
   WHERE series GLOB 'JOB-[0-9][0-9][0-9][0-9]'
      OR series GLOB 'Q-[0-9][0-9][0-9][0-9]'
      OR series GLOB 'INV-[0-9][0-9][0-9][0-9]'
      OR series GLOB 'CN-[0-9][0-9][0-9][0-9]';
