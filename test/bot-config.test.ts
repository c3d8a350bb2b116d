/** Configuration from the environment: a clear message per bad variable, and never the token. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../bot/config.ts';

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
});
