// The tier's own harness fails clearly and leaves nothing running: a gateway that dies at start
// or never answers is a failure naming the step, and its process is gone afterwards.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listProcesses } from '../../src/agent-run/leftovers.js';
import { startNewApi } from './new-api.js';

const dir = mkdtempSync(join(tmpdir(), 'gas-harness-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in binary: a shell script that does what a broken build would. */
function fakeBinary(name: string, script: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${script}\n`);
  chmodSync(path, 0o755);
  return path;
}

async function running(marker: string): Promise<number[]> {
  return (await listProcesses()).filter((p) => p.cmdline.includes(marker)).map((p) => p.pid);
}

describe('the new-api harness', () => {
  it('a gateway that exits at start fails the start with what it printed', async () => {
    const binary = fakeBinary('dies-at-start', 'echo "failed to open database: disk I/O error" >&2; exit 3');
    await expect(startNewApi(binary, { timeoutMs: 10_000 })).rejects.toThrow(/new-api exited during start \(3\)[\s\S]*disk I\/O error/);
  });

  it('a gateway that never answers fails within the limit, naming /api/status, and is stopped by PID', async () => {
    // A duration no other process on the machine has: another run of this tier may be under way.
    const sleep = `sleep 300.${process.pid}`;
    const binary = fakeBinary('never-answers', `exec ${sleep}`);
    const started = Date.now();
    await expect(startNewApi(binary, { timeoutMs: 1_500 })).rejects.toThrow(/did not answer \/api\/status within 1500 ms/);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await running(sleep)).toEqual([]);
  });
});
