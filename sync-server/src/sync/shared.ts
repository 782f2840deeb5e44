/**
 * The shared sync model (mutators, protocol) as the server imports it, in one place so the
 * server's sync modules share one import path.
 */
export * from '../../../shared-schema/src/sync';
