/** The sync model shared by the web client and the server: mutators and the wire protocol. */
export * from './memory-store';
export * from './mutator';
export * from './mutators';
export * from './offline-scope';
export * from './protocol';
export * from './snapshot-position';
export * from './runner';
export * from './scope';
