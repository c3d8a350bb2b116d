/**
 * Structured logs (pino, JSON lines). Anything that could carry the token is redacted by path, and
 * no code logs the config or a client object whole. Interaction and webhook tokens travel inside
 * URLs (discord.js puts the URL in its errors), so every line is also scrubbed of them as written.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

/** `/interactions/<id>/<token>` and `/webhooks/<id>/<token>`: the token answers for the bot for 15 minutes. */
const URL_TOKEN = /(\/(?:interactions|webhooks)\/\d+\/)[^/\s"?]+/g;

const redactUrlTokens = (line: string): string => line.replace(URL_TOKEN, '$1[redacted]');

export function createLogger(level: string, destination: NodeJS.WritableStream = process.stdout): Logger {
  return pino(
    {
      level,
      base: { app: 'earnings-bot' },
      redact: { paths: ['token', '*.token', 'DISCORD_TOKEN', '*.DISCORD_TOKEN', 'headers.authorization', '*.headers.authorization'], censor: '[redacted]' },
    },
    { write: (line: string) => destination.write(redactUrlTokens(line)) },
  );
}
