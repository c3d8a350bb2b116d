/**
 * Graceful shutdown: stop() stops taking work, lets what is in flight finish (a deferred /reload is
 * still edited with its result), then disconnects from the gateway.
 */
import { afterEach, expect, it } from 'vitest';
import { type E2E, callbackOf, startE2E, tempReleases, textOf, payloadOf, waitForEdit } from './support.ts';

let e2e: E2E | undefined;
let releases: Awaited<ReturnType<typeof tempReleases>> | undefined;

afterEach(async () => {
  await e2e?.fake.close();
  await releases?.remove();
});

it('finishes the reload in flight, then disconnects', async () => {
  releases = await tempReleases();
  e2e = await startE2E({ releasesDir: releases.dir });
  const { fake, bot } = e2e;
  const sent = fake.chatInput('reload', [], { user: fake.users.admin });
  expect(callbackOf(await sent.response).type).toBe(5);

  await bot.stop();

  const edit = await waitForEdit(fake, sent.id);
  expect(textOf(payloadOf(edit))).toMatch(/Reloaded/);
  expect(bot.client.isReady()).toBe(false);
});
