// The real new-api tier (`npm run test:gateway`, through test/gateway/run.mjs): new-api built
// from its Go module, set up through its own admin API, our simulator as its upstream provider.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0-test') },
  test: {
    setupFiles: ['test/helpers/messages.ts'],
    include: ['test/gateway/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
