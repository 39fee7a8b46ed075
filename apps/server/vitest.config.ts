import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 30_000,
    // A file's set-up and tear-down (its app, its database) run beside the other files' tests
    // on small shared machines: under that load they may take more than a minute.
    hookTimeout: 120_000,
  },
});
