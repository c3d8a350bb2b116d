import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The end-to-end tests start a fake Discord and real clients; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
