import { describe, expect, it } from 'vitest';
import { SPACE_MARGIN_BYTES, fitsOnDevice, megabytes } from './field-capture';

describe('fitsOnDevice', () => {
  it('keeps a capture only with room for it and the margin', () => {
    const photo = 450 * 1024;
    expect(fitsOnDevice({ used: 0, free: photo + SPACE_MARGIN_BYTES }, photo)).toBe(true);
    expect(fitsOnDevice({ used: 0, free: photo + SPACE_MARGIN_BYTES - 1 }, photo)).toBe(false);
    expect(fitsOnDevice({ used: 10, free: 0 }, 1)).toBe(false);
  });

  it('does not refuse when the browser does not say how much room there is', () => {
    expect(fitsOnDevice({ used: null, free: null }, 10 * 1024 * 1024)).toBe(true);
  });
});

describe('megabytes', () => {
  it('prints one decimal', () => {
    expect(megabytes(3.44 * 1024 * 1024)).toBe('3.4');
    expect(megabytes(0)).toBe('0.0');
  });
});
