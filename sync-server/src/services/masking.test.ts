import { describe, expect, it } from 'vitest';
import { aJob } from '@pilbara/shared-schema/testing';
import { maskEmail, maskJob, maskPhone } from './masking';

const job = aJob({
  customerName: 'Jo Smith',
  phone: '0412 345 678',
  email: 'jo.smith@example.com',
  notes: 'gate code 1234',
  trackingToken: 'abcdefghijklmnopqrstuv',
  createdAt: '2026-11-21T00:00:00.000Z',
  updatedAt: '2026-11-21T00:00:00.000Z',
});

describe('masking', () => {
  it('keeps the last three digits of a phone', () => {
    expect(maskPhone('0412 345 678')).toBe('•••• ••• 678');
  });

  it('keeps the first letter and the domain of an email', () => {
    expect(maskEmail('jo.smith@example.com')).toBe('j•••@example.com');
    expect(maskEmail('broken')).toBe('•••');
  });

  it('masks a job for a caller who did not type its phone, and drops staff notes', () => {
    expect(maskJob(job, 'JOB-2026-1')).toMatchObject({
      phone: '•••• ••• 678',
      email: 'j•••@example.com',
      notes: null,
      customerName: 'Jo Smith',
    });
  });

  it('shows the phone the caller typed, however it was spaced', () => {
    expect(maskJob(job, '0412345678').phone).toBe('0412 345 678');
    expect(maskJob(job, '0412345678').email).toBe('j•••@example.com');
  });
});
