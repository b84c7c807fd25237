export * from './schema';
export * from './pricing';
