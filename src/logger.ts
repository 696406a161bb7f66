import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger };

/** pino-pretty is a development dependency: absent from a production install, where JSON is what ops want anyway. */
function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** JSON lines in production and tests; readable, coloured lines for a developer (npm start, npm run dev). */
export function createLogger(config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'env'>>): Logger {
  const options = { level: config.logLevel, base: undefined };
  if (config.env !== 'development' || !prettyAvailable()) return pino(options);
  return pino({
    ...options,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: false } },
  });
}
