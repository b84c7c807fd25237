export * from './revision';
export * from './share-api';
