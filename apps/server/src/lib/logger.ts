import pino from 'pino';
import type { TEnv } from '../env';

export function createLogger(level: TEnv['logLevel']) {
  return pino({
    level,
    base: { service: 'draftwell' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['*.password', '*.token', '*.cookie', '*.authorization', 'req.headers.cookie'],
      censor: '[redacted]',
    },
  });
}
export type { Logger } from 'pino';
