// The agents tier (`npm run test:agents`): real agents from npm, pinned, against the simulator.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0-test') },
  test: {
    setupFiles: ['test/helpers/messages.ts'],
    include: ['test/agents/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // Its files side by side: the agents spend their time waiting on the simulator and on themselves,
    // and the longest file (every agent one-shot) sets the tier's time. Installs of one agent are
    // serialized by a lock (install.ts), so two files never install the same agent at once.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
