import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config, PrivacyConfig } from './config.js';
import { currentRequestId } from './lib/request-scope.js';
import { truncateAddress } from './lib/truncated-address.js';

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

export type LoggerConfig = Pick<Config, 'logLevel'> & Partial<Pick<Config, 'env'>> & { site?: { privacy: Pick<PrivacyConfig, 'logFullIp'> } };

/**
 * Every line that names a client does so in its `ip` field, truncated here unless LOG_FULL_IP: one
 * rule for the access log and any warning alike, as the privacy policy states. Without a site
 * configuration (scripts, tests), addresses are truncated too.
 */
function addressSerializers(config: LoggerConfig): LoggerOptions['serializers'] {
  if (config.site?.privacy.logFullIp) return {};
  return { ip: (address: unknown) => (typeof address === 'string' ? truncateAddress(address) : undefined) };
}

/** Every line written while a request is being answered carries its id (X-Request-Id), whoever logs it. */
function requestIdMixin(): object {
  const reqId = currentRequestId();
  // A new object each time: pino merges the line's own fields into it.
  return reqId === undefined ? {} : { reqId };
}

/**
 * JSON lines in production and tests (on stdout, or `destination` for a test that reads them);
 * readable, coloured lines for a developer (npm start, npm run dev).
 */
export function createLogger(config: LoggerConfig, destination?: DestinationStream): Logger {
  const options = { level: config.logLevel, base: undefined, serializers: addressSerializers(config), mixin: requestIdMixin };
  if (config.env !== 'development' || !prettyAvailable()) return destination ? pino(options, destination) : pino(options);
  return pino({
    ...options,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: false } },
  });
}
