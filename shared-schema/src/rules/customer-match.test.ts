import { describe, expect, it } from 'vitest';
import {
  isBookingIdLookup,
  isJobIdLookup,
  isValidPhone,
  lastPhoneDigits,
  phoneKey,
  phoneProofMatches,
  samePhone,
} from './customer-match';

describe('isValidPhone', () => {
  it.each([
    '0412 345 678',
    '0412345678',
    '(08) 9185 1234',
    '08 9185-1234',
    '02.9876.5432',
    '1300 123 456',
    '1800 123 456',
    '+61 412 345 678',
    '+61 8 9185 1234',
    '+64 21 123 4567',
    '+1 212 555 0100',
    '+44 20 7946 0958',
  ])('accepts %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    '',
    '2026-11-23',
    '0412 345 67',
    '0412 345 6789',
    '0512 345 678',
    '0012 345 678',
    '+61 512 345 678',
    '+61 0412 345 678',
    '+0 123 4567 890',
    '+1 23',
    '+1234567890123456',
    '0412🚗345678',
    'call 0412345678',
    '0412345678 ext 2',
    '04-12-34-56-78x',
    'aaaaaaaaaaaa',
  ])('refuses %j', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe('phoneKey and samePhone', () => {
  it('reads +61 and 0 as the same Australian number, spaces or not', () => {
    expect(phoneKey('+61 412 345 678')).toBe('0412345678');
    expect(phoneKey('0412 345 678')).toBe('0412345678');
    expect(phoneKey('61412345678')).toBe('0412345678');
    expect(samePhone('+61 412 345 678', '0412345678')).toBe(true);
    expect(samePhone('(08) 9185 1234', '+61 8 9185 1234')).toBe(true);
  });

  it('keeps other countries apart from Australian numbers with the same digits', () => {
    expect(phoneKey('+64 21 123 4567')).toBe('+64211234567');
    expect(samePhone('+64 21 123 4567', '64211234567')).toBe(false);
  });

  it('never matches empty numbers', () => {
    expect(samePhone('', '')).toBe(false);
    expect(samePhone('n/a', 'none')).toBe(false);
  });
});

describe('phoneProofMatches', () => {
  it('accepts the last four digits, and only exactly four', () => {
    expect(lastPhoneDigits('0412 345 678')).toBe('5678');
    expect(phoneProofMatches('0412 345 678', '5678')).toBe(true);
    expect(phoneProofMatches('0412 345 678', ' 5678 ')).toBe(true);
    expect(phoneProofMatches('0412 345 678', '1234')).toBe(false);
    expect(phoneProofMatches('0412 345 678', '678')).toBe(false);
    expect(phoneProofMatches('0412 345 678', '45678')).toBe(false);
    expect(phoneProofMatches('0412 345 678', '56a78')).toBe(false);
  });

  it('accepts the whole number written any accepted way', () => {
    expect(phoneProofMatches('0412 345 678', '+61412345678')).toBe(true);
    expect(phoneProofMatches('0412 345 678', '0412 345 679')).toBe(false);
  });

  it('proves nothing for a number on file without digits', () => {
    expect(phoneProofMatches('unknown', '')).toBe(false);
    expect(phoneProofMatches('12', '0012')).toBe(false);
  });
});

describe('lookup kinds', () => {
  it('tells job ids and booking references from phone numbers', () => {
    expect(isJobIdLookup('job-2026-12')).toBe(true);
    expect(isJobIdLookup('JOB-2026-99999999999999999999')).toBe(false);
    expect(isJobIdLookup('0412345678')).toBe(false);
    expect(isBookingIdLookup('BKG-2026-3')).toBe(true);
    expect(isBookingIdLookup('JOB-2026-3')).toBe(false);
  });
});
