/**
 * Snowflake ids shaped like Discord's: `(ms since 2015) << 22 | worker << 17 | increment`.
 * discord.js derives timestamps from ids and routes guilds to shards by the timestamp bits,
 * so ids must be real snowflakes, not arbitrary numbers.
 */

const DISCORD_EPOCH_MS = 1_420_070_400_000n;
const INCREMENT_BITS = 12n;
const INCREMENT_LIMIT = 1n << INCREMENT_BITS;
const WORKER_SHIFT = 17n;
const TIMESTAMP_SHIFT = 22n;

/** Worker ids keep the two id streams apart so a shard-pinned id can never equal a sequential one. */
const SEQUENTIAL_WORKER = 0n;
const SHARD_PINNED_WORKER = 1n;

export class SnowflakeFactory {
  #lastTimestamp = 0n;
  #increment = 0n;
  #pinnedIncrement = 0n;
  readonly #pinnedBase: bigint;

  constructor() {
    this.#pinnedBase = BigInt(Date.now()) - DISCORD_EPOCH_MS;
  }

  /** A fresh id, increasing with every call. */
  next(): string {
    let timestamp = BigInt(Date.now()) - DISCORD_EPOCH_MS;
    if (timestamp <= this.#lastTimestamp) {
      timestamp = this.#lastTimestamp;
      this.#increment += 1n;
      // More than 4096 ids in one millisecond: borrow the next millisecond rather than repeat an id.
      if (this.#increment === INCREMENT_LIMIT) {
        timestamp += 1n;
        this.#increment = 0n;
      }
    } else {
      this.#increment = 0n;
    }
    this.#lastTimestamp = timestamp;
    return compose(timestamp, SEQUENTIAL_WORKER, this.#increment);
  }

  /** A fresh id that Discord's sharding formula places on `shardId`. */
  onShard(shardId: number, shardCount: number): string {
    const count = BigInt(shardCount);
    // Stepping the timestamp by whole multiples of the shard count keeps the id on its shard
    // once a millisecond's 4096 increments are used up.
    const step = this.#pinnedIncrement / INCREMENT_LIMIT;
    const timestamp = this.#pinnedBase - (this.#pinnedBase % count) + BigInt(shardId) + step * count;
    const id = compose(timestamp, SHARD_PINNED_WORKER, this.#pinnedIncrement % INCREMENT_LIMIT);
    this.#pinnedIncrement += 1n;
    return id;
  }
}

function compose(timestamp: bigint, worker: bigint, increment: bigint): string {
  return ((timestamp << TIMESTAMP_SHIFT) | (worker << WORKER_SHIFT) | increment).toString();
}

/** Discord's rule for which shard receives a guild's events. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> TIMESTAMP_SHIFT) % BigInt(shardCount));
}
