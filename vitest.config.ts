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
    env: { CACHE_DIR: process.env.CACHE_DIR ?? join(tmpdir(), 'earnings-bot-test-cache') },
  },
});
