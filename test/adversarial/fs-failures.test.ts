// What the machine refuses, and files no parser survives, are the user's situation, not our bug:
// JSON nested 100,000 levels deep, a key twice in one object, a full disk (ENOSPC, at every level
// of free space a setup goes through) and a read-only home are each named with the cause and the
// file, never "internal error", and nothing is written.
import { spawn } from 'node:child_process';
import { cpSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { BIN_PATH, runInProcess, shown, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const env = { GATEWAY_API_KEY: DEMO_KEY };
const FIXTURES = new URL('../fixtures/agents/', import.meta.url);

describe('files no parser survives', () => {
  it.each([
    ['JSON arrays 100,000 deep', '.claude/settings.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'claude-code'],
    ['JSON objects 100,000 deep', '.claude/settings.json', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`, 'claude-code'],
    ['TOML inline arrays 100,000 deep', '.codex/config.toml', `x = ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`, 'codex'],
    ['a key twice in one object', '.claude/settings.json', '{\n  "env": {"A": "1"},\n  "env": {"B": "2"}\n}\n', 'claude-code'],
  ])('%s: exit 1, the file and the cause named, nothing written', async (name, rel, text, agent) => {
    const { dir: home, remove } = tempHome();
    try {
      mkdirSync(join(home, rel, '..'), { recursive: true });
      writeFileSync(join(home, rel), text);
      for (const command of [
        ['setup', '--yes', '--base-url', sim.root, '--agent', agent],
        ['doctor', '--base-url', sim.root, '--agent', agent],
      ]) {
        const r = await runInProcess(command, { home, env });
        const said = (r.stdout + r.stderr).replace(/\s+/g, ' ');
        expect(r.code, said).toBe(1);
        expect(said).not.toMatch(/internal error|report it/i);
        expect(said).toContain(shown(home, join(home, rel)));
        expect(said).toContain(
          name.includes('twice') ? 'the key "env" appears twice in one object (first on line 2)' : 'nested more than 512 levels deep',
        );
        expect(readFileSync(join(home, rel), 'utf8')).toBe(text);
      }
    } finally {
      remove();
    }
  });
});

/**
 * Runs the bin in a private mount namespace where the home is a tmpfs of `kb` KiB holding a copy of
 * `seed` (remounted read-only when asked): a real full disk, or a real read-only file system. With
 * `first`, that command runs before, with room (a tmpfs of 1 MiB), and then a file of zeros leaves
 * `kb` KiB free for the run; `firstFiles` is the home as `first` left it. With `bind`, that file of
 * the home is a mount point of its own (a copy bind-mounted over it, as into a container). With
 * `stored`, that file is moved to a read-only store outside the home and linked from its place (as
 * Nix home-manager links a config into /nix/store).
 */
function inTmpfs(
  seed: string,
  kb: number,
  args: string[],
  opts: { readOnly?: boolean; first?: string[]; bind?: string; stored?: string } = {},
): Promise<{
  code: number | null;
  out: string;
  stdout: string;
  stderr: string;
  files: Record<string, string>;
  firstFiles?: Record<string, string>;
}> {
  const home = mkdtempSync(join(tmpdir(), 'gas-tmpfs-'));
  const work = mkdtempSync(join(tmpdir(), 'gas-dump-'));
  // Every file under the home as JSON (the mount vanishes with the namespace), the filler left out.
  const list = (dump: string): string =>
    `"$NODE" -e 'const fs=require("fs"),p=require("path");const o={};const w=(d)=>{for(const n of fs.readdirSync(d)){const f=p.join(d,n);const s=fs.lstatSync(f);if(s.isDirectory()){o[p.relative(process.argv[1],f)+"/"]="";w(f)}else if(n!==".filler")o[p.relative(process.argv[1],f)]=fs.readFileSync(f,"utf8")}};w(process.argv[1]);fs.writeFileSync(process.argv[2],JSON.stringify(o))' "$H" "$W/${dump}"`;
  const bin = (words: string[]): string => `"$NODE" "$BIN" ${words.map((a) => `'${a}'`).join(' ')} --home "$H"`;
  const first = opts.first;
  const script = [
    'set -e',
    `mount -t tmpfs -o size=${first ? 1024 : kb}k tmpfs "$H"`,
    'cp -a "$SEED/." "$H/"',
    ...(first
      ? [
          `${bin(first)} > "$W/first" 2>&1`,
          list('first.json'),
          `fill=$(( ($(df -k --output=avail "$H" | tail -1) - ${kb}) * 1024 ))`,
          'if [ "$fill" -gt 0 ]; then head -c "$fill" /dev/zero > "$H/.filler"; fi',
        ]
      : []),
    opts.bind !== undefined ? `cp "$H/${opts.bind}" "$W/bound" && mount --bind "$W/bound" "$H/${opts.bind}"` : 'true',
    opts.stored !== undefined
      ? [
          'mkdir "$W/store"',
          `mv "$H/${opts.stored}" "$W/store/file"`,
          'mount --bind "$W/store" "$W/store" && mount -o remount,bind,ro "$W/store"',
          `ln -s "$W/store/file" "$H/${opts.stored}"`,
        ].join(' && ')
      : 'true',
    opts.readOnly ? 'mount -o remount,ro "$H"' : 'true',
    'set +e',
    `${bin(args)} > "$W/stdout" 2> "$W/stderr"`,
    'rc=$?',
    list('files.json'),
    'exit $rc',
  ].join('\n');
  const read = (name: string): string | undefined => {
    try {
      return readFileSync(join(work, name), 'utf8');
    } catch {
      return undefined;
    }
  };
  return new Promise((resolve, reject) => {
    const child = spawn('unshare', ['-rm', 'sh', '-c', script], {
      env: { PATH: process.env.PATH ?? '', HOME: home, H: home, W: work, SEED: seed, NODE: process.execPath, BIN: BIN_PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let own = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (own += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (own += d));
    child.on('error', reject);
    child.on('close', (code) => {
      // No dump: the mount itself failed, and the shell's own output says why.
      const files = JSON.parse(read('files.json') ?? '{}') as Record<string, string>;
      const firstFiles = read('first.json');
      const stdout = read('stdout') ?? '';
      const stderr = (read('stderr') ?? '') + own;
      rmSync(home, { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
      resolve({
        code,
        out: stdout + stderr,
        stdout,
        stderr,
        files,
        ...(firstFiles !== undefined && { firstFiles: JSON.parse(firstFiles) as Record<string, string> }),
      });
    });
  });
}

describe('a full disk and a read-only home', () => {
  let seed: string;
  let before: Record<string, string>;
  beforeAll(() => {
    seed = mkdtempSync(join(tmpdir(), 'gas-seed-'));
    mkdirSync(join(seed, '.codex'));
    mkdirSync(join(seed, '.claude'));
    cpSync(new URL('codex/config.lived-in.toml', FIXTURES), join(seed, '.codex/config.toml'));
    cpSync(new URL('claude-code/settings.lived-in.json', FIXTURES), join(seed, '.claude/settings.json'));
    cpSync(new URL('claude-code/claude.json.lived-in', FIXTURES), join(seed, '.claude.json'));
    before = {
      '.claude/': '',
      '.claude.json': readFileSync(join(seed, '.claude.json'), 'utf8'),
      '.claude/settings.json': readFileSync(join(seed, '.claude/settings.json'), 'utf8'),
      '.codex/': '',
      '.codex/config.toml': readFileSync(join(seed, '.codex/config.toml'), 'utf8'),
    };
  });
  afterAll(() => rmSync(seed, { recursive: true, force: true }));

  it('ENOSPC at every level of free space: either the whole setup, or the cause named and every file as it was', async () => {
    const args = ['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex'];
    const outcomes: string[] = [];
    // tmpfs counts whole pages: each level is one more 4 KiB page.
    for (let kb = 16; kb <= 88; kb += 4) {
      const r = await inTmpfs(seed, kb, args);
      const said = r.out.replace(/\s+/g, ' ');
      expect(said, `${kb} KiB`).not.toMatch(/internal error|report it/i);
      if (r.code === 0) {
        outcomes.push(`${kb}k ok`);
        expect(r.files['.codex/config.toml']).toContain(sim.root);
        continue;
      }
      expect(r.code, `${kb} KiB: ${said}`).toBe(1);
      expect(said, `${kb} KiB`).toContain('no space left on the device (ENOSPC)');
      outcomes.push(`${kb}k refused`);
      // Nothing written: the agents' files as they were, no temp file, no state left behind.
      expect(r.files, `${kb} KiB: ${said}`).toEqual(before);
    }
    expect(outcomes.some((o) => o.endsWith('refused'))).toBe(true);
    expect(outcomes.some((o) => o.endsWith('ok'))).toBe(true);
    console.log(
      `disk-full levels: ${outcomes.length}; refused cleanly: ${outcomes.filter((o) => o.endsWith('refused')).length}; ${outcomes.join(', ')}`,
    );
  });

  it('ENOSPC during `use` at every level: the whole switch, or exactly which files were put back and which were not', async () => {
    const withProfile = mkdtempSync(join(tmpdir(), 'gas-seed-use-'));
    cpSync(seed, withProfile, { recursive: true });
    mkdirSync(join(withProfile, '.config', 'gateway-agent-setup'), { recursive: true });
    const settings = `${JSON.stringify({ profiles: { work: { baseUrl: sim.root, keyEnv: 'GATEWAY_API_KEY', agents: ['claude-code', 'codex'] } } }, null, 2)}\n`;
    writeFileSync(join(withProfile, '.config', 'gateway-agent-setup', 'settings.json'), settings);
    const outcomes: string[] = [];
    try {
      for (let kb = 16; kb <= 88; kb += 4) {
        const r = await inTmpfs(withProfile, kb, ['use', 'work']);
        const said = r.out.replace(/\s+/g, ' ');
        expect(said, `${kb} KiB`).not.toMatch(/internal error|report it/i);
        if (r.code === 0) {
          outcomes.push(`${kb}k ok`);
          continue;
        }
        expect(r.code, `${kb} KiB: ${said}`).toBe(1);
        expect(said, `${kb} KiB`).toContain('no space left on the device (ENOSPC)');
        // Every agent file that is not as it was is named as not put back; none is said to be back and isn't.
        const changed = Object.keys(before).filter((f) => !f.endsWith('/') && r.files[f] !== before[f]);
        if (changed.length === 0) {
          expect(said, `${kb} KiB`).not.toContain('NOT put back');
          outcomes.push(`${kb}k refused clean`);
        } else {
          expect(said, `${kb} KiB`).toContain('NOT put back');
          for (const f of changed) expect(said, `${kb} KiB: ${f}`).toContain(f);
          outcomes.push(`${kb}k refused, ${changed.length} named`);
        }
      }
    } finally {
      rmSync(withProfile, { recursive: true, force: true });
    }
    expect(outcomes.some((o) => o.includes('refused'))).toBe(true);
    console.log(`use, disk-full levels: ${outcomes.join(', ')}`);
  });

  it('ENOSPC during `use` with a hard-linked dotfile (its old content keeps its space): the whole switch, or every file as it was', async () => {
    // A dotfile manager that hard-links: replacing ~/.claude/settings.json frees nothing. Every new
    // content is staged beside its file before any file changes, so no level of free space leaves
    // a file half switched, nor one that would need room to be put back.
    const linked = mkdtempSync(join(tmpdir(), 'gas-seed-link-'));
    cpSync(seed, linked, { recursive: true });
    mkdirSync(join(linked, '.config', 'gateway-agent-setup'), { recursive: true });
    const profile = { work: { baseUrl: sim.root, keyEnv: 'GATEWAY_API_KEY', agents: ['claude-code', 'codex'] } };
    writeFileSync(join(linked, '.config', 'gateway-agent-setup', 'settings.json'), `${JSON.stringify({ profiles: profile }, null, 2)}\n`);
    const lived = JSON.parse(before['.claude/settings.json']!) as Record<string, unknown>;
    const allow = Array.from({ length: 400 }, (_, i) => `Bash(npm run task-${i}:*)`);
    mkdirSync(join(linked, 'dotfiles'));
    writeFileSync(join(linked, 'dotfiles', 'claude-settings.json'), `${JSON.stringify({ ...lived, permissions: { allow } }, null, 2)}\n`);
    rmSync(join(linked, '.claude', 'settings.json'));
    linkSync(join(linked, 'dotfiles', 'claude-settings.json'), join(linked, '.claude', 'settings.json'));
    const original: Record<string, string> = {
      ...before,
      '.claude/settings.json': readFileSync(join(linked, '.claude', 'settings.json'), 'utf8'),
    };
    const agentFiles = ['.claude/settings.json', '.claude.json', '.codex/config.toml', '.codex/.env'];
    const outcomes: string[] = [];
    try {
      for (let kb = 80; kb <= 124; kb += 4) {
        const r = await inTmpfs(linked, kb, ['use', 'work', '--json']);
        const said = r.stderr.replace(/\s+/g, ' ');
        expect(said, `${kb} KiB`).not.toMatch(/internal error|report it/i);
        if (r.code === 0) {
          expect(r.files['.codex/config.toml'], `${kb} KiB`).toContain(sim.root);
          outcomes.push(`${kb}k ok`);
          continue;
        }
        expect(r.code, `${kb} KiB: ${said}`).toBe(1);
        const error = (JSON.parse(r.stdout) as { error: { message: string; details?: unknown } }).error;
        expect(error.message, `${kb} KiB`).toContain('no space left on the device (ENOSPC)');
        expect(said, `${kb} KiB`).not.toContain('NOT put back');
        expect(error.details, `${kb} KiB`).toBeUndefined();
        expect(
          agentFiles.filter((f) => r.files[f] !== original[f]),
          `${kb} KiB: ${said}`,
        ).toEqual([]);
        expect(r.files['dotfiles/claude-settings.json'], `${kb} KiB`).toBe(original['.claude/settings.json']);
        outcomes.push(`${kb}k refused clean`);
      }
    } finally {
      rmSync(linked, { recursive: true, force: true });
    }
    expect(outcomes.some((o) => o.endsWith('refused clean'))).toBe(true);
    expect(outcomes.some((o) => o.endsWith('ok'))).toBe(true);
    console.log(`use with a hard link, disk-full levels: ${outcomes.join(', ')}`);
  });

  it('ENOSPC during `restore` at every level: every file back as it was, or every file as the setup left it', async () => {
    // Codex's config, restored after Claude Code's, was long (40 KiB of notes): putting it back
    // takes more room than putting back the files before it.
    const long = mkdtempSync(join(tmpdir(), 'gas-seed-long-'));
    cpSync(seed, long, { recursive: true });
    const notes = Array.from({ length: 800 }, (_, i) => `# note ${i}: ${'kept by hand '.repeat(3)}`).join('\n');
    writeFileSync(join(long, '.codex', 'config.toml'), `${before['.codex/config.toml']}\n${notes}\n`);
    const original = { ...before, '.codex/config.toml': readFileSync(join(long, '.codex', 'config.toml'), 'utf8') };
    const setup = ['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex'];
    const outcomes: string[] = [];
    try {
      for (let kb = 0; kb <= 60; kb += 4) {
        const r = await inTmpfs(long, kb, ['restore'], { first: setup });
        const said = r.out.replace(/\s+/g, ' ');
        expect(said, `${kb} KiB`).not.toMatch(/internal error|report it/i);
        const agentFiles = (files: Record<string, string>) =>
          Object.fromEntries(Object.entries(files).filter(([f]) => f.startsWith('.claude') || f.startsWith('.codex')));
        expect(r.firstFiles?.['.codex/config.toml'], `${kb} KiB: the setup before`).toContain(sim.root);
        if (r.code === 0) {
          expect(agentFiles(r.files), `${kb} KiB`).toEqual(agentFiles(original));
          outcomes.push(`${kb}k ok`);
          continue;
        }
        expect(r.code, `${kb} KiB: ${said}`).toBe(1);
        expect(said, `${kb} KiB`).toContain('no space left on the device (ENOSPC)');
        expect(said, `${kb} KiB`).toMatch(
          /Cannot write ~\/\S+: no space left on the device \(ENOSPC\)\. Nothing was written\. Free some space/,
        );
        expect(agentFiles(r.files), `${kb} KiB: ${said}`).toEqual(agentFiles(r.firstFiles!));
        outcomes.push(`${kb}k refused`);
      }
    } finally {
      rmSync(long, { recursive: true, force: true });
    }
    expect(outcomes.some((o) => o.endsWith('refused'))).toBe(true);
    expect(outcomes.some((o) => o.endsWith('ok'))).toBe(true);
    console.log(`restore, disk-full levels: ${outcomes.join(', ')}`);
  });

  it('a file mounted on its own (as into a container): named as a mount point, and the files written with it put back', async () => {
    const r = await inTmpfs(seed, 1024, ['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex'], {
      bind: '.claude.json',
    });
    const said = r.out.replace(/\s+/g, ' ');
    expect(r.code, said).toBe(1);
    expect(said).toContain(
      'Cannot write ~/.claude.json (it is a mount point, a file mounted on its own as into a container, which no file can be renamed over (EBUSY)); the files written with it were put back.',
    );
    expect(said).toContain('Mount the folder that holds it instead of the file alone');
    expect(said).not.toMatch(/internal error|NOT put back/i);
    // Every file as it was, the mounted one included; no staged copy (it may hold the key) left.
    expect(r.files).toEqual(before);
  });

  it('a config linked into a read-only store (as Nix home-manager links it): said to be kept there, with what to do; no file changed', async () => {
    const r = await inTmpfs(seed, 1024, ['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex'], {
      stored: '.claude/settings.json',
    });
    const said = r.out.replace(/\s+/g, ' ');
    expect(r.code, said).toBe(1);
    expect(said).toMatch(
      /~\/\.claude\/settings\.json is a link to \S+\/store\/file, which cannot be written \(the file system is read-only \(EROFS\)\): the file is kept by whatever made the link/,
    );
    expect(said).toContain('Make the change where the file is kept');
    expect(said).not.toMatch(/internal error|Free some space/i);
    expect(r.files).toEqual(before);
  });

  it('a read-only home: exit 1, "read-only (EROFS)" and the folder named', async () => {
    const r = await inTmpfs(seed, 256, ['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex'], { readOnly: true });
    const said = r.out.replace(/\s+/g, ' ');
    expect(r.code, said).toBe(1);
    expect(said).toContain('the file system is read-only (EROFS)');
    expect(said).toContain('.config/gateway-agent-setup');
    expect(said).not.toMatch(/internal error/i);
    expect(r.files).toEqual(before);
  });
});
