export * from './revision';
export * from './share-api';
export * from './share-page';
export * from './context';
export * from './diff';
export * from './signing';
