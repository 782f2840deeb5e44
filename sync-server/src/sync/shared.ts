/**
 * The shared sync model (mutators, protocol) as server modules import it. Kept as its own module
 * because other areas of the server import it from here.
 */
export * from '@pilbara/shared-schema';
