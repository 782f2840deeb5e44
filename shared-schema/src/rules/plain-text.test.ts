import { describe, expect, it } from 'vitest';
import { hasControlCharacters, oneLine, plainTextBlock } from './plain-text';

describe('plain text from users', () => {
  it('puts a name with line breaks on one line, so it cannot add a header-like line', () => {
    expect(oneLine('Jo\r\nBcc: victim@example.com')).toBe('Jo Bcc: victim@example.com');
    expect(oneLine('A\u2028B\u0000C')).toBe('A B C');
    expect(hasControlCharacters('Jo\nBcc: x')).toBe(true);
    expect(hasControlCharacters('Jo Smith-Ng')).toBe(false);
  });

  it('keeps the lines of a message and drops other control characters', () => {
    expect(plainTextBlock('Line 1\r\nLine 2\rLine 3\u0007\tend')).toBe(
      'Line 1\nLine 2\nLine 3 end',
    );
  });
});
