import { ApplicationCommandOptionType, ShardingManager } from 'discord.js';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os'; import { join } from 'node:path';
import { startFakeDiscord, ROUTES } from '/work/main/test/fake-discord/index.ts';
import { parseConfig } from '/work/main/bot/config.ts';
import { startSharding } from '/work/main/bot/discord/sharding.ts';
import { createLogger } from '/work/main/bot/logger.ts';
let manager: any;
const orig = ShardingManager.prototype.spawn;
ShardingManager.prototype.spawn = function (this: any, ...a: any[]) { manager = this; return orig.apply(this, a as any); } as any;
const fake = await startFakeDiscord({ shards: 2, guilds: 2 });
const dir = await mkdtemp(join(tmpdir(), 'e2e-')); await cp('/work/main/knowledge/releases', dir, { recursive: true });
const env = { DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl, RELEASES_DIR: dir, SHARD_COUNT: '2', LOG_LEVEL: 'warn', MESSAGE_CONTENT_INTENT: 'true' };
Object.assign(process.env, env);
const parsed = parseConfig(process.env); if (!parsed.ok) throw new Error(parsed.errors.join());
const t0 = performance.now();
const sh = await startSharding(parsed.config, createLogger('info'));
console.log('spawned in', performance.now() - t0);
await Promise.all([fake.whenReady(0), fake.whenReady(1)]);
const S = ApplicationCommandOptionType.String;
const o = (name: string, value: string) => ({ name, type: S, value }) as any;
for (const g of fake.guildIds) { const r = await fake.chatInput('metric', [o('metric','revenue'), o('period','Q4 2003')], { guildId: g }).response; console.log(g, (r.body as any).data.embeds[0].description); }
let q2 = await readFile(join(dir, 'infocrossing-2003-q2.txt'), 'utf8');
q2 = q2.replace(/June 30/g, 'September 30').replace(/Six Months Ended/g, 'Nine Months Ended').replace(/second quarter/g, 'third quarter').replace('August 7, 2003', 'November 6, 2003');
await writeFile(join(dir, 'infocrossing-2003-q3.txt'), q2);
const rl = fake.chatInput('reload', [], { guildId: fake.guildIds[1], user: fake.users.admin });
await rl.response;
const edit = await fake.waitForRequest((r) => r.interactionId === rl.id && r.method === 'PATCH');
console.log(JSON.stringify(edit.body));
for (const g of fake.guildIds) { const r = await fake.chatInput('metric', [o('metric','revenue'), o('period','Q3 2003')], { guildId: g }).response; console.log(g, (r.body as any).data.embeds[0].description); }
console.log('identify', fake.identifyCount(0), fake.identifyCount(1));
const t1 = performance.now();
await sh.stop();
console.log('stopped in', performance.now() - t1, 'shards', [...manager.shards.values()].map((s: any) => s.process?.pid));
try { const r = await fake.waitForRequest((r) => r.route === ROUTES.gatewayBot && r.receivedAt > t1 + 0, 10000); console.log('RESPAWNED: gateway/bot at', r.receivedAt - t1); } catch (e) { console.log('no respawn', String(e)); }
console.log('identify', fake.identifyCount(0), fake.identifyCount(1), 'pids', [...manager.shards.values()].map((s: any) => s.process?.pid));
manager.respawn = false; for (const s of manager.shards.values()) s.kill();
await fake.close();
