import { describe, expect, it } from 'vitest';
import { NOW, ok, rejected, row, tables } from './test-fixtures';

describe('notificationPreferences.save', () => {
  it('creates preferences with the defaults, then updates them under the same id', () => {
    const created = ok(tables({}), 'notificationPreferences.save', {
      id: 3,
      customerEmail: 'sam@example.com',
    });
    expect(row(created.tables, 'notification_preferences', 3)).toMatchObject({
      smsEnabled: true,
      emailEnabled: true,
      jobUpdates: true,
      marketingEmails: false,
      createdAt: NOW,
    });
    const updated = ok(created.tables, 'notificationPreferences.save', {
      id: 99,
      customerEmail: 'sam@example.com',
      smsEnabled: false,
    });
    expect(updated.tables.notification_preferences).toHaveLength(1);
    expect(row(updated.tables, 'notification_preferences', 3)).toMatchObject({ smsEnabled: false });
  });

  it('rejects an invalid email', () => {
    expect(
      rejected(tables({}), 'notificationPreferences.save', { id: 3, customerEmail: 'nope' })
        .message,
    ).toBe('Please enter a valid email address');
  });
});
