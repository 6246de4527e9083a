import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0-test') },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/agents/**', 'test/gateway/**', 'test/bench/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
