export * from './schema';
export * from './pricing';
export * from './variables';
export * from './display';
export * from './locale';
