/**
 * Migration 0006 on a database that already has business: an invoice paid the old way (one row
 * in invoice_payments) becomes an invoice with its printed totals, GST and paid amount, and a
 * payment row; devices are sent the new shapes through the change log.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { invoiceSchema, paymentSchema } from '@pilbara/shared-schema';
import { openDatabase } from '../../src/db/connection';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate';
import { findRows } from '../../src/db/rows';
import { onTestEnd, tempDir } from '../helper';

describe('migration 0006_tax_invoices', () => {
  it('turns an invoice paid the old way into an invoice with a payment, and logs both', () => {
    const dir = tempDir();
    const before = path.join(dir, 'migrations');
    fs.mkdirSync(before);
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((name) => name < '0006'))
      fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    const db = openDatabase(path.join(dir, 'old.sqlite'));
    onTestEnd(() => db.close());
    migrate(db, before);

    const at = '2026-10-01T02:00:00.000Z';
    db.prepare(
      `INSERT INTO quotes (id, customerName, customerPhone, service, fromLocation, toLocation, items,
        itemsSubtotal, basePrice, discountPercent, discountAmount, finalPrice, validUntil, status,
        createdAt, updatedAt)
       VALUES ('Q-2026-1', 'Jordan Reid', '0411', '4x4 Recovery', 'Karratha', 'Tom Price', '[]',
        27000, 37800, 10, 3780, 34020, ?, 'accepted', ?, ?)`,
    ).run(at, at, at);
    db.prepare(
      `INSERT INTO invoices (id, quoteId, customerName, amount, status, stripePaymentIntentId,
        lineItems, paidAt, createdAt)
       VALUES ('INV-2026-1', 'Q-2026-1', 'Jordan Reid', 34020, 'paid', 'pi_old', '[]', ?, ?)`,
    ).run(at, at);
    db.prepare(
      `INSERT INTO invoice_payments (invoiceId, method, reference, recordedBy, createdAt)
       VALUES ('INV-2026-1', 'card', NULL, NULL, ?)`,
    ).run(at);

    // Later migrations run too; this one runs first.
    expect(migrate(db)[0]).toBe('0006_tax_invoices');

    const [invoice] = findRows(db, 'invoices');
    expect(invoiceSchema.parse(invoice)).toMatchObject({
      amount: 34020,
      gst: 3093,
      itemsSubtotal: 27000,
      multiplierBasisPoints: 14000,
      discountPercent: 10,
      discountAmount: 3780,
      amountPaid: 34020,
      amountCredited: 0,
      service: '4x4 Recovery',
      updatedAt: at,
    });
    const [payment] = findRows(db, 'payments');
    expect(paymentSchema.parse(payment)).toMatchObject({
      invoiceId: 'INV-2026-1',
      amount: 34020,
      method: 'card',
      stripePaymentIntentId: 'pi_old',
      paidAt: at,
    });
    const logged = db
      .prepare(
        "SELECT entity, data FROM changes WHERE entity IN ('invoices', 'payments') ORDER BY seq",
      )
      .all() as { entity: string; data: string }[];
    expect(logged.map((row) => row.entity)).toEqual(['invoices', 'payments']);
    expect(invoiceSchema.safeParse(JSON.parse(logged[0]!.data)).success).toBe(true);
    expect(paymentSchema.safeParse(JSON.parse(logged[1]!.data)).success).toBe(true);
    expect(
      db.prepare("SELECT name FROM sqlite_master WHERE name = 'invoice_payments'").all(),
    ).toEqual([]);
  });
});
