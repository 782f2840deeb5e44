-- Tax invoices, payments and credit notes (issue 18).
--
-- An invoice now carries everything its tax invoice prints (the sale's lines were there; the
-- subtotal, location multiplier, discount and GST join them) and how it stands (paid and
-- credited totals). Payments get their own synced table, one row per payment, so part payments
-- and a driver's offline cash payment sync like any other row; credit notes correct an issued
-- invoice, which is never edited.

ALTER TABLE invoices ADD COLUMN service TEXT;
ALTER TABLE invoices ADD COLUMN buyerAbn TEXT;
ALTER TABLE invoices ADD COLUMN itemsSubtotal INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN multiplierBasisPoints INTEGER NOT NULL DEFAULT 10000;
ALTER TABLE invoices ADD COLUMN multiplierLocation TEXT;
ALTER TABLE invoices ADD COLUMN discountPercent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN discountAmount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN gst INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN amountPaid INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN amountCredited INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN updatedAt TEXT NOT NULL DEFAULT '';

-- Invoices written before this were all paid in full by one payment (a card payment or one
-- staff recorded). Those of a quote at the quote's price take its subtotal and discount, and
-- the multiplier its prices imply (the place it came from is not recorded, so the line reads
-- 'Location multiplier (×1.4)'); any other is one amount. GST is one-eleventh, half up.
UPDATE invoices SET
  service = (SELECT q.service FROM quotes q WHERE q.id = invoices.quoteId),
  itemsSubtotal = amount,
  gst = (amount * 2 + 11) / 22,
  amountPaid = CASE WHEN status = 'paid' THEN amount ELSE 0 END,
  updatedAt = createdAt;
UPDATE invoices SET
  itemsSubtotal = (SELECT q.itemsSubtotal FROM quotes q WHERE q.id = invoices.quoteId),
  discountPercent = (SELECT q.discountPercent FROM quotes q WHERE q.id = invoices.quoteId),
  discountAmount = (SELECT q.discountAmount FROM quotes q WHERE q.id = invoices.quoteId),
  multiplierBasisPoints = max(10000, (
    SELECT (q.basePrice * 10000 + q.itemsSubtotal / 2) / q.itemsSubtotal
    FROM quotes q WHERE q.id = invoices.quoteId))
WHERE EXISTS (
  SELECT 1 FROM quotes q
  WHERE q.id = invoices.quoteId AND q.finalPrice = invoices.amount AND q.itemsSubtotal > 0);

CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  invoiceId TEXT NOT NULL REFERENCES invoices (id),
  amount INTEGER NOT NULL CHECK (amount > 0),
  method TEXT NOT NULL CHECK (method IN ('card', 'cash', 'card-on-site', 'bank-transfer')),
  reference TEXT,
  paidAt TEXT NOT NULL,
  stripePaymentIntentId TEXT,
  recordedBy INTEGER,
  flag TEXT,
  createdAt TEXT NOT NULL
);
CREATE INDEX payments_invoice ON payments (invoiceId);
CREATE INDEX payments_paid_at ON payments (paidAt);
-- A card PaymentIntent pays at most once, whichever event, retry or status check delivers it.
CREATE UNIQUE INDEX payments_intent ON payments (stripePaymentIntentId)
  WHERE stripePaymentIntentId IS NOT NULL;

INSERT INTO payments (invoiceId, amount, method, reference, paidAt, stripePaymentIntentId,
                      recordedBy, createdAt)
SELECT i.id, i.amount, coalesce(p.method, 'card'), p.reference, coalesce(i.paidAt, i.createdAt),
       i.stripePaymentIntentId, p.recordedBy, coalesce(p.createdAt, i.createdAt)
FROM invoices i LEFT JOIN invoice_payments p ON p.invoiceId = i.id
WHERE i.status = 'paid' AND i.amount > 0
ORDER BY i.createdAt, i.id;

DROP TABLE invoice_payments;

CREATE TABLE credit_notes (
  id TEXT PRIMARY KEY,
  invoiceId TEXT NOT NULL REFERENCES invoices (id),
  customerName TEXT NOT NULL,
  customerEmail TEXT,
  amount INTEGER NOT NULL CHECK (amount > 0),
  gst INTEGER NOT NULL,
  reason TEXT NOT NULL,
  createdAt TEXT NOT NULL
);
CREATE INDEX credit_notes_invoice ON credit_notes (invoiceId);
CREATE INDEX invoices_created ON invoices (createdAt);

-- Devices hold invoices in the old shape: log the new one (and the payments) so every device
-- pulls them on its next sync.
INSERT INTO changes (entity, rowId, op, data, scope, createdAt)
SELECT 'invoices', id, 'put', json_object(
  'id', id, 'jobId', jobId, 'quoteId', quoteId, 'customerName', customerName,
  'customerEmail', customerEmail, 'customerPhone', customerPhone, 'amount', amount,
  'status', status, 'stripePaymentIntentId', stripePaymentIntentId,
  'stripePaymentLink', stripePaymentLink, 'lineItems', json(lineItems), 'dueDate', dueDate,
  'paidAt', paidAt, 'createdAt', createdAt, 'service', service, 'buyerAbn', buyerAbn,
  'itemsSubtotal', itemsSubtotal, 'multiplierBasisPoints', multiplierBasisPoints,
  'multiplierLocation', multiplierLocation, 'discountPercent', discountPercent,
  'discountAmount', discountAmount, 'gst', gst, 'amountPaid', amountPaid,
  'amountCredited', amountCredited, 'updatedAt', updatedAt), 'staff',
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM invoices ORDER BY createdAt, id;
INSERT INTO changes (entity, rowId, op, data, scope, createdAt)
SELECT 'payments', id, 'put', json_object(
  'id', id, 'invoiceId', invoiceId, 'amount', amount, 'method', method, 'reference', reference,
  'paidAt', paidAt, 'stripePaymentIntentId', stripePaymentIntentId, 'recordedBy', recordedBy,
  'flag', flag, 'createdAt', createdAt), 'staff', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM payments ORDER BY id;
