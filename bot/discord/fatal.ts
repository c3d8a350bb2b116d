/**
 * Faults the bot cannot get past by retrying, each told as what to fix: the gateway codes Discord
 * closes with for good, and the ways logging in fails. Never the token itself.
 */
import { GatewayCloseCodes } from 'discord.js';
import { EXIT } from '../exit.ts';

export interface Fatal {
  message: string;
  exitCode: number;
}

const TOKEN_REJECTED = 'reset it in the Discord Developer Portal (your application > Bot > Reset Token) and set DISCORD_TOKEN to the new one';

/** What to do about a gateway close the client will not reconnect after, or undefined when it will. */
export function fatalClose(code: number): Fatal | undefined {
  const config = (message: string): Fatal => ({ message, exitCode: EXIT.config });
  switch (code) {
    case GatewayCloseCodes.AuthenticationFailed:
      return config(`Discord rejected the bot token (gateway close 4004): ${TOKEN_REJECTED}.`);
    case GatewayCloseCodes.DisallowedIntents:
      return config('Discord refused the Message Content intent (gateway close 4014): turn on Message Content Intent in the Developer Portal (Bot > Privileged Gateway Intents), or set MESSAGE_CONTENT_INTENT=false.');
    case GatewayCloseCodes.InvalidShard:
    case GatewayCloseCodes.ShardingRequired:
      return config(`Discord refused the sharding (gateway close ${code}): set SHARD_COUNT (Discord requires sharding from 2,500 guilds).`);
    case GatewayCloseCodes.InvalidAPIVersion:
    case GatewayCloseCodes.InvalidIntents:
      return { message: `Discord refused the connection (gateway close ${code}): update discord.js (npm update discord.js).`, exitCode: EXIT.failed };
    default:
      return undefined;
  }
}

/** A REST answer of 401 to a request made with the token, once the token was checked again. */
export const tokenRevoked = (): Fatal => ({ message: `Discord no longer accepts the bot token (401 Unauthorized): ${TOKEN_REJECTED}.`, exitCode: EXIT.config });

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function networkCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code && NETWORK_CODES.has(code)) return code;
    if (e.name === 'AbortError') return 'timed out';
  }
  return undefined;
}

/** Why logging in failed, for a log line an operator can act on. */
export function loginFailure(error: unknown, apiUrl: string): Fatal {
  if (error instanceof Error && 'code' in error && error.code === 'TokenInvalid') {
    return { message: `Discord rejected the bot token (401 Unauthorized): ${TOKEN_REJECTED}.`, exitCode: EXIT.config };
  }
  const code = networkCode(error);
  if (code) return { message: `Cannot reach Discord at ${apiUrl} (${code}): check the network, DNS and any proxy (DISCORD_API_URL); the bot exits so its supervisor can start it again.`, exitCode: EXIT.failed };
  return { message: `Could not log in to Discord: ${error instanceof Error ? error.message : String(error)}`, exitCode: EXIT.failed };
}

/** Thrown by the bot's start when it cannot serve; carries what to tell the operator. */
export class FatalError extends Error {
  constructor(readonly fatal: Fatal) {
    super(fatal.message);
  }
}
