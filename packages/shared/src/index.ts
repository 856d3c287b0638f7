export * from './auth';
export * from './common';
export * from './companies';
export * from './messages';
export * from './roles';
export * from './settings';
