import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0-test') },
  test: {
    setupFiles: ['test/helpers/messages.ts'],
    // `npm run coverage`: what the tests run of src/ in their own processes (the bin's child
    // processes are not counted: what they cover, an in-process test must cover to show).
    coverage: { provider: 'v8', include: ['src/**'], reporter: ['text-summary', 'json-summary'], reportsDirectory: 'coverage' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Transformed modules kept on disk between runs (node_modules/.experimental-vitest-cache): the edit
    // loop re-transforms only the files that changed.
    experimental: { fsModuleCache: true },
    projects: [
      {
        extends: true,
        // The edit-test loop (`npm run test:unit`): nothing here spawns a process, so the files share
        // threads and one module cache instead of a fresh process and a fresh import of src/ per
        // file. Its tests mostly wait on timers and local sockets: more workers than cores pay.
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          pool: 'threads',
          isolate: false,
          maxWorkers: Math.max(3, availableParallelism()),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // The library called in-process, as a script would: real HTTP to the simulator, real files in
        // temp homes, no process started. Isolated files (module state such as a lock is per run).
        test: {
          name: 'library',
          include: ['test/library/**/*.test.ts'],
          pool: 'threads',
          maxWorkers: Math.max(3, availableParallelism()),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // Processes, the built bin, real terminals: after the unit tier, never beside it.
        test: {
          name: 'e2e',
          include: ['test/**/*.test.ts'],
          exclude: ['test/unit/**', 'test/library/**', 'test/agents/**', 'test/gateway/**', 'test/bench/**', 'node_modules/**'],
          pool: 'forks',
          // Most of its time is spent waiting (on the simulator, a child process, a deadline that
          // is the point of the test): a worker per core and one more keep the cores busy.
          maxWorkers: availableParallelism() + 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
