export * from './catalog';
export * from './sales';
export * from './tenancy';
