export * from './catalog';
export * from './tenancy';
