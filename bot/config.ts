/**
 * Configuration from the environment, parsed once at start with zod: one clear message per missing
 * or malformed variable. `.env.example` documents each. The token is never echoed back.
 */
import { z } from 'zod';
import { LoadEnvSchema, loadOptions } from '../knowledge/load.ts';
import type { StoreOptions } from '../knowledge/store.ts';

const snowflakes = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{17,20}$/, 'must be Discord ids (17 to 20 digits), comma separated')));

/** Where Discord serves attachments: /ingest downloads from these origins and from nowhere else. */
export const DISCORD_CDN_ORIGINS: readonly string[] = ['https://cdn.discordapp.com', 'https://media.discordapp.net'];

const origins = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be http(s) URLs of the hosts Discord serves attachments from, comma separated' })))
  .transform((list) => (list.length > 0 ? [...new Set(list.map((u) => new URL(u).origin))] : [...DISCORD_CDN_ORIGINS]));

const ConfigSchema = z.object({
  DISCORD_TOKEN: z.string().trim().min(50, 'looks too short for a bot token').optional().or(z.literal('').transform(() => undefined)),
  DISCORD_APPLICATION_ID: z.string().regex(/^\d{17,20}$/, 'must be the application id (17 to 20 digits)').optional(),
  DISCORD_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://discord.com/api' }).optional(),
  /** The attachment host(s) of the Discord the bot talks to (default Discord's CDN): /ingest downloads from these only. */
  DISCORD_CDN_URLS: origins,
  DISCORD_GUILD_IDS: snowflakes,
  ADMIN_ROLE_IDS: snowflakes,
  ADMIN_USER_IDS: snowflakes,
  ASK_CHANNEL_IDS: snowflakes,
  MESSAGE_CONTENT_INTENT: z.enum(['true', 'false', '1', '0', '']).optional().transform((v) => v === 'true' || v === '1'),
  FREE_TEXT_COOLDOWN_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  SHARD_COUNT: z.coerce.number().int().min(1).max(1000).optional(),
  RELEASES_DIR: z.string().optional(),
  /** Keep who asked each unanswered question (for /unanswered); off: only the text, time and channel. */
  UNANSWERED_KEEP_USER_IDS: z.enum(['true', 'false', '1', '0', '']).optional().transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The releases' load: parse cache, workers, limits (knowledge/load.ts).
  ...LoadEnvSchema.shape,
});

export type Config = z.infer<typeof ConfigSchema>;

export function parseConfig(env: NodeJS.ProcessEnv): { ok: true; config: Config } | { ok: false; errors: string[] } {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' && k !== 'DISCORD_TOKEN' ? undefined : v]));
  const parsed = ConfigSchema.safeParse(blankToUndefined);
  if (parsed.success) return { ok: true, config: parsed.data };
  // Name the variable and the rule, never the value: the token must not reach a log.
  return { ok: false, errors: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
}

/** The releases' load as configured: the parse cache, the workers, the limits. */
export function storeOptions(config: Config): StoreOptions {
  return loadOptions(config);
}
