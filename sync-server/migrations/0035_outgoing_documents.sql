-- Outgoing documents (the quote, tax invoice and credit note emails) belong to the history of
-- their job, quote and invoice, as the job-event emails and texts do: they were recorded among
-- the contact messages, where a quote for an emergency tow showed as an URGENT enquiry.

ALTER TABLE notifications ADD COLUMN invoiceId TEXT;
ALTER TABLE notifications ADD COLUMN creditNoteId TEXT;
CREATE INDEX notifications_quote ON notifications (quoteId) WHERE quoteId IS NOT NULL;
CREATE INDEX notifications_invoice ON notifications (invoiceId) WHERE invoiceId IS NOT NULL;

-- The document emails recorded so far, recognised by the words the server wrote for them, and
-- linked to their document through the number in the subject ('Your quote Q-2026-4 from …',
-- 'Tax invoice INV-2026-2 from …', 'Paid: tax invoice …', 'Credit note CN-2026-1 from …').
CREATE TEMP TABLE moved_document_emails AS
SELECT e.id AS emailId,
  e."to" AS recipient,
  e.subject AS subject,
  e.htmlContent AS message,
  e.timestamp AS createdAt,
  e.sent AS sent,
  (SELECT q.id FROM quotes q
     WHERE e.subject LIKE 'Your quote ' || coalesce(q.number, q.id) || ' from %') AS quoteId,
  (SELECT i.id FROM invoices i
     WHERE e.subject LIKE '% ' || coalesce(i.number, i.id) || ' from %') AS invoiceId,
  (SELECT c.id FROM credit_notes c
     WHERE e.subject LIKE '% ' || coalesce(c.number, c.id) || ' from %') AS creditNoteId
FROM emails e
WHERE json_extract(e.customerInfo, '$.message') LIKE 'Quote % emailed with its PDF and pay link'
   OR json_extract(e.customerInfo, '$.message') LIKE 'Tax invoice % emailed (%)'
   OR json_extract(e.customerInfo, '$.message') LIKE 'Invoice % emailed (%)'
   OR json_extract(e.customerInfo, '$.message') LIKE 'Credit note % emailed';

-- Ids past every stored one (the id series skips numbers already taken).
INSERT INTO notifications
  (id, jobId, quoteId, invoiceId, creditNoteId, recipientPhone, recipientEmail, type, status,
   message, subject, sentAt, error, createdAt)
SELECT (SELECT coalesce(max(id), 0) FROM notifications) + row_number() OVER (ORDER BY m.emailId),
  coalesce(
    (SELECT jobId FROM quotes WHERE id = m.quoteId),
    (SELECT jobId FROM invoices WHERE id = m.invoiceId),
    (SELECT i.jobId FROM credit_notes c JOIN invoices i ON i.id = c.invoiceId
       WHERE c.id = m.creditNoteId)
  ),
  coalesce(m.quoteId, (SELECT quoteId FROM invoices WHERE id = m.invoiceId)),
  coalesce(m.invoiceId, (SELECT invoiceId FROM credit_notes WHERE id = m.creditNoteId)),
  m.creditNoteId, NULL, m.recipient, 'email',
  CASE WHEN m.sent THEN 'sent' ELSE 'failed' END,
  m.message, m.subject, CASE WHEN m.sent THEN m.createdAt END,
  CASE WHEN m.sent THEN NULL ELSE 'Not delivered' END, m.createdAt
FROM moved_document_emails m;

-- Devices drop them from their contact messages on their next sync.
INSERT INTO changes (entity, rowId, op, data, scope, createdAt)
SELECT 'emails', emailId, 'delete', NULL, 'staff', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM moved_document_emails ORDER BY emailId;
DELETE FROM emails WHERE id IN (SELECT emailId FROM moved_document_emails);
DROP TABLE moved_document_emails;
