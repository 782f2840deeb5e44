/**
 * `mutate(name, args)` is typed from the mutator registry (shared-schema `MutatorName`,
 * `MutatorArgs<N>`), so a screen that sends a wrong name or argument does not compile.
 *
 * The lines marked `@ts-expect-error` are checked by the type-check of `npm test` (`tsc`): if
 * any of them stopped being an error — the typing loosened — the type-check fails. The test
 * below checks that the mutators' own schemas refuse the same arguments at run time, so the
 * compile-time and the run-time rule are one rule.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { getMutator, type MutatorArgs } from '@pilbara/shared-schema';
import { fuelAddArgs } from '@pilbara/shared-schema/testing';
import { mutate } from './client';

const FUEL = fuelAddArgs();

/** Calls a screen must not be able to make. Never run: each would write to the local database. */
export function callsThatMustNotCompile(): void {
  // @ts-expect-error A job id is text ('JOB-2026-1'), not a number.
  void mutate('job.markEnRoute', { id: 42, updateId: 1 });
  // @ts-expect-error Every status step writes a history row, so its id is required.
  void mutate('job.startService', { id: 'JOB-2026-1' });
  // @ts-expect-error There is no mutator of that name.
  void mutate('job.teleport', { id: 'JOB-2026-1', updateId: 1 });
  // @ts-expect-error Fuel is a number of thousandths of a litre, not text.
  void mutate('fuel.add', { ...FUEL, id: 7, liters: '80' });
  // @ts-expect-error A quote status is one of the quote statuses.
  void mutate('quote.setStatus', { id: 'Q-2026-1', status: 'paid' });
}

describe('mutate is typed from the mutator registry', () => {
  it('takes each mutator’s own arguments', () => {
    expectTypeOf<MutatorArgs<'job.markEnRoute'>>().toEqualTypeOf<{
      id: string;
      updateId: number;
    }>();
    expectTypeOf(mutate<'fuel.add'>)
      .parameter(1)
      .toEqualTypeOf<MutatorArgs<'fuel.add'>>();
    expectTypeOf({ ...FUEL, id: 7 }).toExtend<MutatorArgs<'fuel.add'>>();
  });

  it('refuses at run time what it refuses at compile time', () => {
    const refused = (name: string, args: unknown) =>
      getMutator(name)?.argsSchema.safeParse(args).success !== true;
    expect(refused('job.markEnRoute', { id: 42, updateId: 1 })).toBe(true);
    expect(refused('job.startService', { id: 'JOB-2026-1' })).toBe(true);
    expect(refused('job.teleport', { id: 'JOB-2026-1', updateId: 1 })).toBe(true);
    expect(refused('fuel.add', { ...FUEL, id: 7, liters: '80' })).toBe(true);
    expect(refused('quote.setStatus', { id: 'Q-2026-1', status: 'paid' })).toBe(true);
    // …and accepts the well-formed calls.
    expect(refused('job.markEnRoute', { id: 'JOB-2026-1', updateId: 1 })).toBe(false);
    expect(refused('fuel.add', { ...FUEL, id: 7 })).toBe(false);
  });
});
