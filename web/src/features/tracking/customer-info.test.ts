import { describe, expect, it } from 'vitest';
import { parseCustomerInfo } from './customer-info';

describe('parseCustomerInfo', () => {
  it('reads back what the dashboard saved, without anything else', () => {
    expect(
      parseCustomerInfo({
        name: 'Sam Driver',
        phone: '0412 345 678',
        email: 'sam@example.com',
        lookup: 'J-1042',
        proof: '5678',
        extra: true,
      }),
    ).toEqual({
      name: 'Sam Driver',
      phone: '0412 345 678',
      email: 'sam@example.com',
      lookup: 'J-1042',
      proof: '5678',
    });
  });

  it('gives an older value without an email an empty one', () => {
    expect(parseCustomerInfo({ name: 'Sam', phone: '0412345678' })).toEqual({
      name: 'Sam',
      phone: '0412345678',
      email: '',
    });
  });

  it('refuses what is not a saved customer', () => {
    for (const value of [
      null,
      'Sam',
      [],
      { name: 'Sam' },
      { name: 'Sam', phone: 412345678 },
      { name: 'Sam', phone: '0412345678', email: null },
      { name: 'Sam', phone: '0412345678', lookup: '' },
      { name: 'Sam', phone: '0412345678', proof: 1234 },
    ]) {
      expect(parseCustomerInfo(value)).toBeNull();
    }
  });
});
