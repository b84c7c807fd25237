export * from './auth';
export * from './contact';
export * from './errors';
export * from './plans';
export * from './realtime';
export * from './realtime-schema';
export * from './money';
export * from './paths';
