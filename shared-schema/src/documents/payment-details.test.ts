import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_PROFILE } from '../constants/business-profile';
import { canPayByTransfer, formatBsb, paymentInstructions, paymentLines } from './payment-details';

const BANK = {
  accountName: 'Pilbara Towing Pty Ltd',
  bsb: '066123',
  accountNumber: '12345678',
  payId: 'pay@pilbaratowing.example',
};

describe('how a customer pays without a card', () => {
  it('writes a BSB as three digits, a dash, three digits', () => {
    expect(formatBsb('066123')).toBe('066-123');
    expect(formatBsb('066 123')).toBe('066-123');
    expect(formatBsb('066-123')).toBe('066-123');
  });

  it('prints the account, the PayID and the document number as the reference', () => {
    const instructions = paymentInstructions(
      { ...DEFAULT_BUSINESS_PROFILE, bank: BANK },
      'INV-2026-14',
    );
    expect(instructions.rows).toEqual([
      { label: 'Account name', value: 'Pilbara Towing Pty Ltd' },
      { label: 'BSB', value: '066-123' },
      { label: 'Account number', value: '12345678' },
      { label: 'PayID', value: 'pay@pilbaratowing.example' },
      { label: 'Reference', value: 'INV-2026-14' },
    ]);
    expect(instructions.note).toContain('INV-2026-14 as the reference');
    expect(paymentLines(instructions)).toContain('BSB: 066-123');
  });

  it('takes a PayID alone as a way to pay', () => {
    const profile = {
      ...DEFAULT_BUSINESS_PROFILE,
      bank: { accountName: 'Pilbara Towing', bsb: '', accountNumber: '', payId: '0400 000 001' },
    };
    expect(canPayByTransfer(profile)).toBe(true);
    expect(paymentInstructions(profile, 'Q-2026-3').rows.map((row) => row.label)).toEqual([
      'Account name',
      'PayID',
      'Reference',
    ]);
  });

  it('never prints a made-up account: without one it says whom to call, with the reference', () => {
    expect(canPayByTransfer(DEFAULT_BUSINESS_PROFILE)).toBe(false);
    const instructions = paymentInstructions(DEFAULT_BUSINESS_PROFILE, 'Q-2026-3');
    expect(instructions.rows).toEqual([{ label: 'Reference', value: 'Q-2026-3' }]);
    const owner = DEFAULT_BUSINESS_PROFILE.owners[0]!;
    expect(instructions.note).toContain(`call ${owner.name} on ${owner.phone}`);
    expect(instructions.note).toContain('quote Q-2026-3');
  });
});
