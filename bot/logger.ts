/**
 * Structured logs (pino, JSON lines). Anything that could carry the token is redacted by path, and
 * no code logs the config or a client object whole.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      base: { app: 'earnings-bot' },
      redact: { paths: ['token', '*.token', 'DISCORD_TOKEN', '*.DISCORD_TOKEN', 'headers.authorization', '*.headers.authorization'], censor: '[redacted]' },
    },
    destination ?? process.stdout,
  );
}
