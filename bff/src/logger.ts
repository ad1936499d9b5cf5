import { pino } from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'buergerfit-bff' },
    redact: ['req.headers.cookie', 'req.headers.authorization'],
  });
}
