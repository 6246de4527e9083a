// The real gateway tier (`npm run test:gateway`, through test/gateway/run.mjs): new-api built from
// its Go module, set up through its own admin API, our simulator as its upstream provider; one pass
// per new-api release, and one for one-api (`GAS_GATEWAY=one-api`), which runs its own file alone.
import { configDefaults, defineConfig } from 'vitest/config';

const oneApi = process.env.GAS_GATEWAY === 'one-api';

export default defineConfig({
  define: { __VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0-test') },
  test: {
    setupFiles: ['test/helpers/messages.ts'],
    include: oneApi ? ['test/gateway/one-api.test.ts'] : ['test/gateway/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(oneApi ? [] : ['test/gateway/one-api.test.ts'])],
    testTimeout: 240_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
