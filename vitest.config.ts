import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The end-to-end tests start a fake Discord and real clients; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The parse cache of the tests, and of the bots they start: out of the project's own .cache/.
    // One parse worker each: test files run side by side already (the pool's width is tested on its own).
    env: { CACHE_DIR: process.env.CACHE_DIR ?? join(tmpdir(), 'earnings-bot-test-cache'), PARSE_WORKERS: process.env.PARSE_WORKERS ?? '1' },
  },
});
