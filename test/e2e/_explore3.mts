import { ApplicationCommandOptionType } from 'discord.js';
import { startFakeDiscord, fakeDiscordRestOptions } from '/work/main/test/fake-discord/index.ts';
import { openStore } from '/work/main/knowledge/store.ts';
import { parseConfig } from '/work/main/bot/config.ts';
import { startDiscordBot } from '/work/main/bot/discord/bot.ts';
import { createLogger } from '/work/main/bot/logger.ts';
for (let k = 0; k < 2; k++) {
const t0 = performance.now();
const fake = await startFakeDiscord();
const opened = await openStore(); if (!opened.ok) throw new Error();
const t1 = performance.now();
const parsed = parseConfig({ DISCORD_TOKEN: fake.token, MESSAGE_CONTENT_INTENT: 'true', ASK_CHANNEL_IDS: fake.channelIds.ask, FREE_TEXT_COOLDOWN_SECONDS: '0' });
if (!parsed.ok) throw new Error(parsed.errors.join());
const bot = await startDiscordBot(parsed.config, opened.store, createLogger('warn'), { rest: fakeDiscordRestOptions(fake.apiUrl) });
console.log('store', t1 - t0, 'bot', performance.now() - t1);
const S = ApplicationCommandOptionType.String;
const o = (name: string, value: string) => ({ name, type: S, value }) as any;
if (k === 0) {
for (const q of ['hello everyone', 'revenue Q4 2003', 'lol']) {
  const m = fake.message(q, { channelId: fake.channelIds.ask });
  try { console.log(q, JSON.stringify((await m.reply).body).slice(0, 300)); } catch (e) { console.log(q, 'no reply', String(e)); }
}
const a = fake.chatInput('metric', [o('metric','revenue'), o('period','Q4 2003')]);
fake.closeSocket(4000);
const b = fake.chatInput('metric', [o('metric','revenue'), o('period','Q1 2003')]);
await Promise.all([a.response, b.response]);
await fake.whenReady();
console.log('resume', fake.resumeCount(), fake.identifyCount());
fake.failNext((m, p) => m === 'POST' && p.endsWith('/callback'), 429, { retryAfter: 1 });
const c = fake.chatInput('metric', [o('metric','revenue'), o('period','Q1 2003')]);
await c.response;
console.log(fake.recorded.filter(r => r.interactionId === c.id).map(r => [r.status, r.receivedAt - c.sentAt]));
fake.failNext((m, p) => m === 'POST' && p.endsWith('/callback'), 500);
const d = fake.chatInput('metric', [o('metric','revenue'), o('period','Q1 2003')]);
await d.response;
console.log(fake.recorded.filter(r => r.interactionId === d.id).map(r => [r.status, r.receivedAt - d.sentAt]));
const rl = fake.chatInput('reload', [], { user: fake.users.admin });
console.log(JSON.stringify((await rl.response).body));
}
const t2 = performance.now();
await bot.stop(); await fake.close();
console.log('stop', performance.now() - t2);
}
