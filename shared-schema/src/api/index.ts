export * from './auth';
export * from './common';
export * from './fields';
export * from './fleet';
export * from './jobs';
export * from './notifications';
export * from './public';
export * from './quotes';
