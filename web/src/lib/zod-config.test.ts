import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('makes zod parse without compiling, set before zod loads', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // A parse does not probe for eval: the schema still works as before.
    expect(z.object({ id: z.string() }).parse({ id: 'JOB-2026-1' })).toEqual({ id: 'JOB-2026-1' });
  });
});
