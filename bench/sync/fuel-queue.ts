/**
 * The fuel records every sync benchmark queues: the arguments of one `fuel.add` and the time
 * they are dated. Free of Node and of the server, so the in-browser benchmarks bundle it too.
 */
import { fuelAddArgs } from '@pilbara/shared-schema/testing';

export const NOW = '2026-11-21T00:00:00.000Z';

export function fuelArgs(id: number) {
  return { ...fuelAddArgs({ id }), dateTime: NOW, fillType: 'Full' };
}
