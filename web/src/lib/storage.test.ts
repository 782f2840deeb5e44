import { describe, expect, it } from 'vitest';
import { onStoredChange } from './storage';

describe('onStoredChange', () => {
  it('hears this tab’s event and another tab’s change of the key or a clear, until unsubscribed', () => {
    let calls = 0;
    const stop = onStoredChange('myBookings', 'pilbara:test-change', () => (calls += 1));
    window.dispatchEvent(new Event('pilbara:test-change'));
    window.dispatchEvent(new StorageEvent('storage', { key: 'myBookings' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(calls).toBe(3);
    window.dispatchEvent(new StorageEvent('storage', { key: 'customerInfo' }));
    expect(calls).toBe(3);
    stop();
    window.dispatchEvent(new Event('pilbara:test-change'));
    window.dispatchEvent(new StorageEvent('storage', { key: 'myBookings' }));
    expect(calls).toBe(3);
  });
});
