// The agents tier (`npm run test:agents`): real agents from npm, pinned, against the simulator.
import { basename } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files longest first, as measured (every agent's one-shot, then launch, then wrong paths):
 * two workers then end together (each about half the tier). A fresh clone has no durations cached,
 * and vitest's order by file size put two long files behind one another, a minute over the half.
 * A file not named here runs after these.
 */
const LONGEST_FIRST = ['agents.test.ts', 'launch.test.ts', 'wrong-path.test.ts', 'evaluated.test.ts'];

class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.indexOf(basename(f.moduleId));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    return Promise.resolve([...files].sort((a, b) => rank(a) - rank(b)));
  }
}

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
    sequence: { sequencer: LongestFirst },
  },
});
