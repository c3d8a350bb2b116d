/**
 * REST options for a discord.js client pointed at the fake. Tests, the benchmark's baseline
 * bot and the real bot's end-to-end tests share them, so latencies compare like with like.
 */
import type { RESTOptions } from 'discord.js';

export function fakeDiscordRestOptions(apiUrl: string): Partial<RESTOptions> {
  return {
    api: apiUrl,
    // @discordjs/rest caps non-interaction requests at 50/s by default to respect Discord's
    // global limit; the fake has none, and the cap would be what a benchmark measures.
    globalRequestsPerSecond: Number.POSITIVE_INFINITY,
    // The default 50 ms pads Retry-After against clock skew, which a local server cannot have.
    offset: 0,
  };
}
