import { describe, expect, it } from 'vitest';
import { maskEmail, maskJobContact, maskPhone } from './masking';

describe('masking', () => {
  it('keeps the last three digits of a phone', () => {
    expect(maskPhone('0400 123 123')).toBe('•••• ••• 123');
    expect(maskPhone('+61 400-555-789')).toBe('•••• ••• 789');
  });

  it('hides a phone with no digits entirely', () => {
    expect(maskPhone('n/a')).toBe('•••• •••');
  });

  it('keeps the first letter and the domain of an email', () => {
    expect(maskEmail('jo@example.com')).toBe('j•••@example.com');
    expect(maskEmail('not-an-email')).toBe('•••');
  });

  it('masks a job without touching other fields', () => {
    const job = {
      id: 'JOB-2026-1',
      phone: '0400 111 222',
      email: 'sam@example.com',
      customerName: 'Sam',
    };
    expect(maskJobContact(job)).toEqual({
      id: 'JOB-2026-1',
      phone: '•••• ••• 222',
      email: 's•••@example.com',
      customerName: 'Sam',
    });
    expect(maskJobContact({ phone: '0400 111 222', email: null }).email).toBeNull();
  });
});
