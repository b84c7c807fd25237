export * from './revision';
export * from './share-api';
export * from './context';
export * from './diff';
