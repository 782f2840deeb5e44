/** A TCP port on the loopback that nothing listens on now (scripts/free-port.mjs). */
export function freePort(): Promise<number>;
