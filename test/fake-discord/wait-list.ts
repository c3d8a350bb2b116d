/**
 * Promises that settle when a matching value is offered, or reject after a deadline, so tests
 * await events instead of sleeping. Waiters are grouped by key so that offering a value only
 * checks the waiters that could want it (a benchmark may have thousands pending).
 */

interface Waiter<T> {
  readonly accept: (value: T) => boolean;
  readonly resolve: (value: T) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

export class KeyedWaitList<T> {
  readonly #waiters = new Map<string, Set<Waiter<T>>>();

  wait(key: string, accept: (value: T) => boolean, timeoutMs: number, description: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = {
        accept,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.#remove(key, waiter);
          reject(new Error(`fake-discord: timed out after ${timeoutMs} ms waiting for ${description}`));
        }, timeoutMs),
      };
      const group = this.#waiters.get(key) ?? new Set();
      this.#waiters.set(key, group.add(waiter));
    });
  }

  offer(key: string, value: T): void {
    for (const waiter of this.#waiters.get(key) ?? []) {
      if (!waiter.accept(value)) continue;
      clearTimeout(waiter.timer);
      this.#remove(key, waiter);
      waiter.resolve(value);
    }
  }

  rejectAll(error: Error): void {
    for (const [key, group] of this.#waiters) {
      for (const waiter of group) {
        clearTimeout(waiter.timer);
        this.#remove(key, waiter);
        waiter.reject(error);
      }
    }
  }

  #remove(key: string, waiter: Waiter<T>): void {
    const group = this.#waiters.get(key);
    group?.delete(waiter);
    if (group?.size === 0) this.#waiters.delete(key);
  }
}
