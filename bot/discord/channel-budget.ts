/**
 * How many free-text replies a channel gets: Discord allows a bot about five messages per channel
 * every five seconds, so past `replies` in a window the channel gets one short notice, then quiet
 * until the window moves on. Per user cooldowns cannot do this: sixty people are sixty users.
 */

export type Turn = 'reply' | 'notice' | 'quiet';

export function createChannelBudget(replies: number, windowMs: number) {
  const sent = new Map<string, number[]>();
  const noticed = new Map<string, number>();

  return function take(channelId: string, now: number): Turn {
    // Channels quiet for a window are forgotten, so the maps stay as small as the busy ones.
    if (sent.size > 10_000) {
      for (const [id, times] of sent) if (times.every((at) => now - at >= windowMs)) sent.delete(id);
      for (const [id, at] of noticed) if (now - at >= windowMs) noticed.delete(id);
    }
    const recent = (sent.get(channelId) ?? []).filter((at) => now - at < windowMs);
    sent.set(channelId, recent);
    if (recent.length < replies) {
      recent.push(now);
      return 'reply';
    }
    const last = noticed.get(channelId);
    if (last !== undefined && now - last < windowMs) return 'quiet';
    noticed.set(channelId, now);
    return 'notice';
  };
}
