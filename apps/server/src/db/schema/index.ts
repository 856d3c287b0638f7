export * from './catalog';
export * from './daily-totals';
export * from './returns';
export * from './sales';
export * from './tenancy';
