/**
 * @pilbara/shared-schema: the one source of truth shared by web and sync-server. Entities, API
 * bodies, validation messages, business constants, pure business rules and the sync protocol; no I/O.
 */
export * from './api';
export * from './constants';
export * from './documents';
export * from './entities';
export * from './messages';
export * from './rules';
export * from './sync';
export * from './public-form-messages';
export * from './tracking-messages';
export * from './promise-texts';
export * from './account-messages';
export * from './wa-towing-messages';
