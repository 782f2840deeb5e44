/** The server's sync module: the apply path, the change log, leases and the sync endpoints. */
export * from './apply-mutation';
export * from './change-log';
export * from './leases';
export * from './session';
export { syncRoutes } from './plugin';
