// A child process for the crash tests: applies the plan in the JSON file argv[2] under the lock,
// exactly as setup does (withLock → applyPlan: backups + manifest, then atomic writes). Bundled by
// esbuild at test time; prints `ready` just before it starts, `done` when it has finished.
import { readFileSync } from 'node:fs';
import { applyPlan } from '../../src/config/apply.js';
import { withLock } from '../../src/config/lock.js';
import type { PlannedFile } from '../../src/config/types.js';

const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as { stateDir: string; plan: PlannedFile[] };
process.stdout.write('ready\n');
await withLock(spec.stateDir, () => applyPlan(spec.plan, { stateDir: spec.stateDir, command: 'crash-test' }));
process.stdout.write('done\n');
