/**
 * Migration 0035: quote, invoice and credit note emails recorded among the contact messages move
 * to the history of their quote and invoice (and job), logged so devices drop them from their
 * contact messages; real enquiries and staff notices stay where they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate';
import { onTestEnd, tempDir } from '../helper';

const AT = '2026-11-20T02:00:00.000Z';

describe('migration 0035_outgoing_documents', () => {
  it('moves document emails out of the contact messages into their documents’ history', () => {
    const dir = tempDir();
    const before = path.join(dir, 'migrations');
    fs.mkdirSync(before);
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((name) => name < '0035'))
      fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    const db = openDatabase(path.join(dir, 'old.sqlite'));
    onTestEnd(() => db.close());
    migrate(db, before);

    db.prepare(
      `INSERT INTO quotes (id, number, customerName, customerPhone, items, itemsSubtotal, basePrice,
         discountPercent, discountAmount, finalPrice, jobId, validUntil, status, createdAt, updatedAt)
       VALUES ('Q-2026-P4', 'Q-2026-2', 'Jordan Reid', '0411 222 333', '[]', 0, 0, 0, 0, 34020,
         'JOB-2026-P9', ?, 'sent', ?, ?)`,
    ).run(AT, AT, AT);
    const email = db.prepare(
      `INSERT INTO emails (id, "to", subject, htmlContent, customerInfo, timestamp, sent)
       VALUES (?, ?, ?, '<p>…</p>', ?, ?, ?)`,
    );
    const info = (service: string, message: string) =>
      JSON.stringify({
        name: 'Jordan Reid',
        phone: '0411',
        email: 'j@x.example',
        service,
        message,
      });
    email.run(
      1,
      'office@example.com',
      'URGENT: New contact message from Jordan Reid (Emergency Towing)',
      info('Emergency Towing', 'Bogged at the creek crossing'),
      AT,
      1,
    );
    email.run(
      2,
      'j@x.example',
      'Your quote Q-2026-2 from Pilbara Towing & Recovery',
      info('Emergency Towing', 'Quote Q-2026-2 emailed with its PDF and pay link'),
      AT,
      1,
    );
    email.run(
      3,
      'staff',
      'URGENT: card payment needs checking (pi_1)',
      info('Card payment review', 'Card payment pi_1 was NOT marked paid'),
      AT,
      0,
    );

    expect(migrate(db)).toContain('0035_outgoing_documents');
    expect(db.prepare('SELECT id FROM emails ORDER BY id').all()).toEqual([{ id: 1 }, { id: 3 }]);
    expect(
      db
        .prepare(
          "SELECT jobId, quoteId, recipientEmail, type, status, subject FROM notifications WHERE type = 'email'",
        )
        .all(),
    ).toEqual([
      {
        jobId: 'JOB-2026-P9',
        quoteId: 'Q-2026-P4',
        recipientEmail: 'j@x.example',
        type: 'email',
        status: 'sent',
        subject: 'Your quote Q-2026-2 from Pilbara Towing & Recovery',
      },
    ]);
    // Devices are told to drop it.
    expect(
      db.prepare("SELECT rowId, op FROM changes WHERE entity = 'emails' ORDER BY seq").all(),
    ).toEqual([{ rowId: 2, op: 'delete' }]);
  });
});
