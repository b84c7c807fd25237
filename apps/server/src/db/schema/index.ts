export * from './auth';
export * from './app';
export * from './workspace';
export * from './share';
export * from './billing';
export * from './seal';
export * from './payments';
