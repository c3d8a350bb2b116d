/** Configuration from the environment: a clear message per bad variable, and never the token. */
import { describe, expect, it } from 'vitest';
import { parseConfig, storeOptions } from '../bot/config.ts';
import { DEFAULT_LIMITS } from '../knowledge/load.ts';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GabcDE.abcdefghijklmnopqrstuvwxyz0123456789AB';

describe('parseConfig', () => {
  it('runs the console without a token, with defaults', () => {
    const r = parseConfig({ DISCORD_TOKEN: '' });
    expect(r.ok && r.config.DISCORD_TOKEN).toBeUndefined();
    expect(r.ok && r.config).toMatchObject({ FREE_TEXT_COOLDOWN_SECONDS: 5, LOG_LEVEL: 'info', ASK_CHANNEL_IDS: [], MESSAGE_CONTENT_INTENT: false });
  });

  it('reads lists of ids and numbers', () => {
    const r = parseConfig({ DISCORD_TOKEN: TOKEN, ADMIN_ROLE_IDS: '123456789012345678, 223456789012345678', SHARD_COUNT: '2', MESSAGE_CONTENT_INTENT: 'true' });
    expect(r.ok && r.config).toMatchObject({ ADMIN_ROLE_IDS: ['123456789012345678', '223456789012345678'], SHARD_COUNT: 2, MESSAGE_CONTENT_INTENT: true });
  });

  it('downloads uploads from Discord\'s attachment hosts by default, or from the origins DISCORD_CDN_URLS names', () => {
    const byDefault = parseConfig({ DISCORD_TOKEN: TOKEN });
    expect(byDefault.ok && byDefault.config.DISCORD_CDN_URLS).toEqual(['https://cdn.discordapp.com', 'https://media.discordapp.net']);
    const local = parseConfig({ DISCORD_TOKEN: TOKEN, DISCORD_CDN_URLS: 'http://127.0.0.1:4000/attachments, http://127.0.0.1:4000' });
    expect(local.ok && local.config.DISCORD_CDN_URLS).toEqual(['http://127.0.0.1:4000']);
    const bad = parseConfig({ DISCORD_TOKEN: TOKEN, DISCORD_CDN_URLS: 'cdn.discordapp.com' });
    expect(bad.ok ? [] : bad.errors).toEqual([expect.stringMatching(/^DISCORD_CDN_URLS/)]);
  });

  it('names every malformed variable, and never echoes the token', () => {
    const r = parseConfig({ DISCORD_TOKEN: 'short-secret', ADMIN_USER_IDS: 'alice', SHARD_COUNT: '0', DISCORD_API_URL: 'ftp://x', LOG_LEVEL: 'loud' });
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.errors;
    for (const name of ['DISCORD_TOKEN', 'ADMIN_USER_IDS', 'SHARD_COUNT', 'DISCORD_API_URL', 'LOG_LEVEL']) {
      expect(errors.some((e) => e.startsWith(name)), name).toBe(true);
    }
    expect(errors.join('\n')).not.toContain('short-secret');
  });

  it('reads the load: the parse cache folder, the workers and every limit, defaults sized for ten thousand releases', () => {
    const defaults = parseConfig({});
    if (!defaults.ok) throw new Error('not valid');
    const options = storeOptions(defaults.config);
    expect(options.limits).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS.totalBytes).toBeGreaterThanOrEqual(10_000 * 30_000);
    expect(DEFAULT_LIMITS.files).toBeGreaterThanOrEqual(10_000);
    expect(options.cacheDir).toMatch(/\.cache\/$/);
    const set = parseConfig({ CACHE_DIR: '/var/cache/earnings-bot', PARSE_WORKERS: '3', RELEASES_MAX_FILES: '50', RELEASES_MAX_BYTES: '1000000', RELEASE_MAX_BYTES: '20000', RELEASES_MAX_FACTS: '900', RELEASE_PARSE_MS: '250' });
    if (!set.ok) throw new Error(set.errors.join('; '));
    expect(storeOptions(set.config)).toEqual({
      cacheDir: '/var/cache/earnings-bot',
      workers: 3,
      limits: { files: 50, totalBytes: 1_000_000, fileBytes: 20_000, totalFacts: 900, fileMs: 250 },
    });
  });

  it('refuses a malformed load setting, naming it: a bound against a hostile folder cannot be switched off', () => {
    const r = parseConfig({ PARSE_WORKERS: '0', RELEASES_MAX_FILES: 'all', RELEASES_MAX_BYTES: '-1', RELEASE_PARSE_MS: '1e9' });
    const errors = r.ok ? [] : r.errors;
    for (const name of ['PARSE_WORKERS', 'RELEASES_MAX_FILES', 'RELEASES_MAX_BYTES', 'RELEASE_PARSE_MS']) expect(errors.some((e) => e.startsWith(name)), name).toBe(true);
  });
});
