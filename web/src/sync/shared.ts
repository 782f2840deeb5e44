/**
 * The shared sync model (mutators, protocol) as the web app imports it. The package index of
 * shared-schema does not re-export its sync module, so it is reached here once, by path.
 */
export * from '../../../shared-schema/src/sync';
