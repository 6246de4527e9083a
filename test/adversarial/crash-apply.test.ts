// SIGKILL at random moments of a wide multi-file write: a child process applies a 48-file plan
// (updates, creations, a 0600 file) under the lock, exactly as setup does, and is killed somewhere
// between "about to start" and "done". Every file must be entirely old or entirely new, a run killed
// before its manifest was complete must have written nothing, and the built bin's `restore` (taking
// over the lock the killed run left) must bring back every old byte and mode and remove what was created.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlannedFile } from '../../src/config/types.js';
import { runCli, tempHome } from '../helpers/cli.js';

const FILES = 48;
const ROUNDS = 21;
let child = '';
const work = tempHome();
beforeAll(async () => {
  child = join(work.dir, 'apply-child.mjs');
  await build({
    entryPoints: [new URL('../helpers/apply-child.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: child,
    logLevel: 'error',
  });
});
afterAll(() => work.remove());

interface Case {
  plan: PlannedFile[];
  old: Map<string, { text?: string; mode?: number }>;
}

/** A home with FILES files across 6 folders: every 8th is created by the plan, the 0th is secret. */
function makeHome(home: string): Case {
  const plan: PlannedFile[] = [];
  const old = new Map<string, { text?: string; mode?: number }>();
  for (let i = 0; i < FILES; i++) {
    const dir = join(home, `.agent${i % 6}`);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `config-${i}.json`);
    const created = i % 8 === 7;
    const secret = i === 0;
    // Sizes from 1 KB to 120 KB: their fsyncs end at different times, spreading the renames.
    const size = 1_000 + ((i * 2_500) % 120_000);
    const before = created ? undefined : `{\n  // file ${i}, old\n  "v": "${'o'.repeat(size)}"\n}\n`;
    const after = `{\n  // file ${i}, new\n  "v": "${'n'.repeat(size)}"\n}\n`;
    if (before !== undefined) writeFileSync(path, before, { mode: 0o644 });
    old.set(path, { text: before, mode: before === undefined ? undefined : 0o644 });
    plan.push({
      path,
      format: 'jsonc',
      before,
      after,
      action: created ? 'created' : 'updated',
      secret,
      mode: secret ? 0o600 : 0o644,
      ...(before !== undefined ? { beforeMode: 0o644 } : {}),
    });
  }
  writeFileSync(join(home, 'plan.json'), JSON.stringify({ stateDir: join(home, '.config/gateway-agent-setup'), plan }));
  return { plan, old };
}

/** The manifest of the run's backup exists: writes of the files begin right after it. */
function manifestWritten(home: string): boolean {
  const backups = join(home, '.config/gateway-agent-setup/backups');
  return existsSync(backups) && readdirSync(backups).some((id) => existsSync(join(backups, id, 'manifest.json')));
}

type Kill = { ms: number; after: 'start' | 'manifest' } | { after: 'first-file'; ms?: undefined };

/**
 * Runs the child and kills it per `kill`: `ms` after it says `ready`, `ms` after its manifest
 * appears (writes begin right after it), or as soon as the first target file is replaced (its inode
 * changes: renames of the 48 files are spread over a few ms). Polled every millisecond or so.
 */
function runChild(home: string, plan: readonly PlannedFile[], kill?: Kill): Promise<{ signal: NodeJS.Signals | null; windowMs: number }> {
  const inodes = plan.map((f) => (existsSync(f.path) ? statSync(f.path).ino : 0));
  const replaced = (): boolean => plan.some((f, i) => existsSync(f.path) && statSync(f.path).ino !== inodes[i]);
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [child, join(home, 'plan.json')], { stdio: ['ignore', 'pipe', 'inherit'] });
    let readyAt = 0;
    let doneAt = 0;
    let timer: NodeJS.Timeout | undefined;
    let poll: NodeJS.Timeout | undefined;
    const bound = setTimeout(() => p.kill('SIGKILL'), 10_000);
    const later = (ms: number): void => {
      timer = setTimeout(() => p.kill('SIGKILL'), ms);
    };
    p.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (d.includes('ready') && readyAt === 0) {
        readyAt = performance.now();
        if (kill?.after === 'start') later(kill.ms);
        if (kill?.after === 'manifest') {
          poll = setInterval(() => {
            if (manifestWritten(home)) {
              clearInterval(poll);
              later(kill.ms);
            }
          }, 0);
        }
        if (kill?.after === 'first-file') {
          poll = setInterval(() => {
            if (replaced()) {
              clearInterval(poll);
              p.kill('SIGKILL');
            }
          }, 0);
        }
      }
      if (d.includes('done')) doneAt = performance.now();
    });
    p.on('error', reject);
    p.on('close', (_code, signal) => {
      clearTimeout(bound);
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ signal, windowMs: doneAt - readyAt });
    });
  });
}

const read = (path: string): string | undefined => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);

describe('SIGKILL during a 48-file apply', () => {
  // 21 runs of the built bin, each copying 48 files twice (as found, as left), and restores: under
  // `npm test`'s parallel load on two cores it has taken over 30 s.
  it(`${ROUNDS} random kills: each file entirely old or new; restore puts every byte and mode back`, async () => {
    // The write window, from one run that is not killed.
    const ref = tempHome();
    const { signal, windowMs } = await runChild(ref.dir, makeHome(ref.dir).plan);
    ref.remove();
    expect(signal).toBeNull();
    expect(windowMs).toBeGreaterThan(0);

    const tally = { killed: 0, beforeAnyWrite: 0, midway: 0, afterAll: 0, restored: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const { dir: home, remove } = tempHome();
      try {
        const { plan, old } = makeHome(home);
        // Thirds: anywhere in the run (lock, backups, writes); in the write phase; at the first rename.
        const kills: Kill[] = [
          { after: 'start', ms: Math.random() * windowMs * 1.2 },
          { after: 'manifest', ms: Math.random() * 20 },
          { after: 'first-file' },
        ];
        const kill = kills[round % 3] as Kill;
        const at = `${kill.ms?.toFixed(1) ?? 0} ms after ${kill.after}`;
        const r = await runChild(home, plan, kill);
        if (r.signal === 'SIGKILL') tally.killed++;
        let fresh = 0;
        for (const f of plan) {
          const now = read(f.path);
          expect([old.get(f.path)?.text, f.after], `${f.path} after a kill ${at}`).toContain(now);
          if (now === f.after) fresh++;
        }
        if (fresh === 0) tally.beforeAnyWrite++;
        else if (fresh < plan.length) tally.midway++;
        else tally.afterAll++;
        // Writes begin only once the manifest is complete: without one, nothing may have changed.
        if (!manifestWritten(home)) {
          expect(fresh, 'files written before the manifest').toBe(0);
          continue;
        }
        const back = await runCli(['restore'], { home });
        expect(back.code, back.stderr).toBe(0);
        tally.restored++;
        for (const f of plan) {
          const want = old.get(f.path);
          expect(read(f.path), `${f.path} after restore`).toBe(want?.text);
          if (want?.mode !== undefined) expect(statSync(f.path).mode & 0o777).toBe(want.mode);
        }
        expect(existsSync(join(home, '.config/gateway-agent-setup/lock')), 'lock left after restore').toBe(false);
      } finally {
        remove();
      }
    }
    console.log(`SIGKILL during apply: ${JSON.stringify(tally)} (window ${windowMs.toFixed(0)} ms)`);
    // The point of the wide window: some kills really land between two file writes.
    expect(tally.midway).toBeGreaterThan(0);
  }, 90_000);
});
