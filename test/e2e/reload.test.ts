/**
 * /reload: admins swap in what is in the releases folder without a restart; anyone else, or a DM,
 * is refused and nothing changes; a file that is not a release is refused by name while the
 * readable releases are served, as at start. Each test has its own copy of the folder.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeUser, Where } from '../fake-discord/index.ts';
import {
  type E2EOnCopy,
  Q3_RELEASE,
  callbackOf,
  callbacksFor,
  dropThirdQuarter,
  embedOf,
  metricCall,
  payloadOf,
  startE2EOnCopy,
  textOf,
  waitForEdit,
} from './support.ts';

let e2e: E2EOnCopy;

beforeEach(async () => {
  e2e = await startE2EOnCopy();
});

afterEach(async () => {
  await e2e?.close();
});

/** What /metric revenue Q3 2003 answers now. */
async function revenueQ3(): Promise<string> {
  const body = callbackOf(await e2e.fake.chatInput('metric', metricCall('revenue', 'Q3 2003')).response);
  return textOf(body.data);
}

/** Sends /reload and returns the refusal (an immediate reply) or the deferred reply's edit. */
async function reload(where: Where & { user: FakeUser }) {
  const sent = e2e.fake.chatInput('reload', [], where);
  const first = await sent.response;
  return { sent, first, body: callbackOf(first) };
}

/** What the bot serves now (these bots answer in-process, from a store). */
function served() {
  if (!e2e.store) throw new Error('the bot has no store of its own');
  return e2e.store.current();
}

describe('/reload', () => {
  it('refuses a non-admin privately, and reloads nothing', async () => {
    await dropThirdQuarter(e2e.releasesDir);
    expect(await revenueQ3()).toMatch(/derived/i);

    const { sent, body } = await reload({ user: e2e.fake.users.member });

    expect(body.type).toBe(4);
    expect(body.data?.flags).toBe(64);
    expect(body.data?.content).toMatch(/admins only/i);
    expect(callbacksFor(e2e.fake, sent.id)).toHaveLength(1);
    expect(e2e.fake.responsesFor(sent.id)).toHaveLength(1); // no edit, no followup
    expect(await revenueQ3()).toMatch(/derived/i);
    expect(served().releases.map((r) => r.release)).not.toContain(Q3_RELEASE);
  });

  it('refuses /reload in a DM, even from an admin, and reloads nothing', async () => {
    await dropThirdQuarter(e2e.releasesDir);

    const { sent, body } = await reload({ user: e2e.fake.users.admin, dm: true });

    expect(body.type).toBe(4);
    expect(body.data?.flags).toBe(64);
    expect(body.data?.content).toMatch(/nothing was (done|reloaded)/i);
    expect(body.data?.content).toMatch(/server only/i);
    expect(e2e.fake.responsesFor(sent.id)).toHaveLength(1);
    expect(await revenueQ3()).toMatch(/derived/i);
  });

  it('lets an admin reload: the new release is served right after, its figures printed, not derived', async () => {
    expect(await revenueQ3()).toMatch(/derived/i);
    await dropThirdQuarter(e2e.releasesDir);

    const { sent, body } = await reload({ user: e2e.fake.users.admin });

    expect(body.type).toBe(5); // deferred: the reload may take a while
    const edit = await waitForEdit(e2e.fake, sent.id);
    expect(edit.params.messageId).toBe('@original');
    const report = embedOf(payloadOf(edit));
    expect(report.title).toMatch(/^Reloaded/); // the made-up Q3 release's nine months do not add up: flagged, still served
    expect(textOf(payloadOf(edit))).toContain(Q3_RELEASE);
    expect(callbacksFor(e2e.fake, sent.id)).toHaveLength(1);

    const after = await revenueQ3();
    expect(after).toContain('$13.582 million');
    expect(after).not.toMatch(/derived/i);
    expect(after).toContain(Q3_RELEASE);
  });

  it('reloads over a file that is not a release: the good new release is served, and /sources names the refused file and why', async () => {
    await dropThirdQuarter(e2e.releasesDir);
    await writeFile(join(e2e.releasesDir, 'broken.txt'), 'Shopping list\n\n- milk\n- eggs\n- bread\n');

    const { sent } = await reload({ user: e2e.fake.users.admin });

    const edit = await waitForEdit(e2e.fake, sent.id);
    expect(textOf(payloadOf(edit))).toContain(Q3_RELEASE);
    expect(await revenueQ3()).toContain('$13.582 million');
    const q4 = callbackOf(await e2e.fake.chatInput('metric', metricCall('revenue', 'Q4 2003')).response);
    expect(embedOf(q4.data).description).toContain('**$14.4 million**');
    const sources = textOf(callbackOf(await e2e.fake.chatInput('sources').response).data);
    expect(sources).toMatch(/broken\.txt — not used/);
    expect(sources).toMatch(/not an earnings release/);
  });
});
