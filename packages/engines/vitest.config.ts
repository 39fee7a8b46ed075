import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engines',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Video encoding and model loading share 2 cores with the rest of the suite.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
