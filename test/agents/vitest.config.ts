// The agents tier (`npm run test:agents`): real agents from npm, pinned, against the simulator.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/agents/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 600_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
