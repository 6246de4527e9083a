// Processes started by a test in a temp HOME (an agent, and what it leaves behind, such as Cline's
// hub daemon): found by the HOME in their environment, and stopped by PID.
import { listProcesses } from '../../src/agent-run/leftovers.js';

/** Processes whose environment gives them HOME=home. */
export async function processesOfHome(home: string): Promise<{ pid: number; cmdline: string }[]> {
  return (await listProcesses())
    .filter((p) => p.pid !== process.pid && p.environ.split('\0').includes(`HOME=${home}`))
    .map((p) => ({ pid: p.pid, cmdline: p.cmdline }));
}

/** The safety net, for a failed test too: SIGKILL by PID whatever still runs in `home`. */
export async function stopProcessesOfHome(home: string): Promise<void> {
  for (const p of await processesOfHome(home)) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}
