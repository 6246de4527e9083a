// The built bin's start-up paths: version, help, and usage errors (exit 2) before any request.
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/catalog.js';
import { BIN_PATH, jsonOf, runCli, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

afterAll(stopAll);

describe('gateway-agent-setup (built bin)', () => {
  it('--version prints the package version, exit 0', async () => {
    const r = await runCli(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(r.stderr).toBe('');
  });

  it('no arguments without a terminal: setup, which never waits for input and names what is missing (exit 2)', async () => {
    const r = await runCli([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--base-url');
    const flagsOnly = await runCli(['--yes', '--base-url', 'https://gw.example.com']);
    expect(flagsOnly.code).toBe(2);
    expect(flagsOnly.stderr).toContain('GATEWAY_API_KEY');
  });

  it('--help, -h and `help verify` print help, exit 0', async () => {
    for (const args of [['--help'], ['-h']]) {
      const r = await runCli(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Usage:');
      for (const command of ['models', 'verify', 'simulate']) expect(r.stdout).toContain(command);
    }
    const r = await runCli(['help', 'verify']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--protocol NAME');
    expect(r.stdout).toContain('messages|responses|chat|images');
  });

  it('no colour codes when stdout is not a terminal', async () => {
    const r = await runCli(['--help']);
    expect(r.stdout).not.toContain('\u001b[');
  });

  describe('a failed run names the command to run again once the cause is fixed', () => {
    it('as it was typed, from where the user stands, on a line of its own; never the key; in the JSON document too', async () => {
      const sim = await startSim();
      const bad = `sk-${'nope'.repeat(10)}`;
      const args = ['models', '--base-url', sim.root, '--api-key', bad, '--timeout', '20'];
      const r = await runCli(args);
      expect(r.code).toBe(1);
      // Started from another folder than the clone: the bin's absolute path.
      const again = `node ${BIN_PATH} models --base-url ${sim.root} --timeout 20`;
      expect(r.stderr).toContain(`left out):\n    ${again}\n`);
      expect(r.stderr).not.toContain(bad.slice(3));
      const doc = jsonOf(await runCli([...args, '--json'])) as { error: { again: string } };
      expect(doc.error.again).toBe(`${again} --json`);
      // With the key in the environment, nothing is left out.
      const fromEnv = await runCli(['models', '--base-url', sim.root], { env: { GATEWAY_API_KEY: bad } });
      expect(fromEnv.stderr).toContain(`Then run again:\n    node ${BIN_PATH} models --base-url ${sim.root}\n`);
    });

    it('after a gateway too busy to serve (exit 75, try later) as well', async () => {
      // Its model list refused for its load (a monitor in front of every route, not new-api's own).
      const busy = await startSim({ faults: [{ kind: 'overloaded', path: '/v1/models' }] });
      const r = await runCli(['models', '--base-url', busy.root], { env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code).toBe(75);
      expect(r.stderr).toContain(`Then run again:\n    node ${BIN_PATH} models --base-url ${busy.root}\n`);
    });

    it('not when there is nothing for it to act on: restore with no backups says why, exit 1', async () => {
      const r = await runCli(['restore']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('nothing to restore');
      expect(r.stderr).toContain('keeps a backup first');
      expect(r.stderr).not.toContain('Then run again');
      const doc = jsonOf(await runCli(['restore', '--json'])) as { error: { again?: string; fix?: string } };
      expect(doc.error.again).toBeUndefined();
      expect(doc.error.fix).toContain('keeps a backup first');
    });

    it('not after a usage error: that command is what is wrong', async () => {
      const r = await runCli(['models', '--frobnicate']);
      expect(r.code).toBe(2);
      expect(r.stderr).not.toContain('Then run again');
    });
  });

  describe('usage errors exit 2 and name what to fix', () => {
    it('an unknown flag', async () => {
      const r = await runCli(['models', '--frobnicate']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--frobnicate');
      expect(r.stderr).toContain('--base-url');
      expect(r.stdout).toBe('');
    });

    it('an unknown command', async () => {
      const r = await runCli(['modles']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('Unknown command "modles"');
    });

    it('a bad --protocol names the valid values, also as JSON', async () => {
      const r = await runCli(['verify', '--protocol', 'grpc', '--json']);
      expect(r.code).toBe(2);
      const doc = jsonOf(r) as { ok: boolean; error: { code: string; fix: string } };
      expect(doc.ok).toBe(false);
      expect(doc.error.code).toBe('usage');
      expect(doc.error.fix).toContain('messages, responses, chat, images');
    });

    it('a missing key names GATEWAY_API_KEY', async () => {
      const r = await runCli(['models'], { env: { GATEWAY_BASE_URL: 'http://127.0.0.1:9' } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('GATEWAY_API_KEY');
    });

    it('a missing key named by --api-key-env names that variable', async () => {
      const r = await runCli(['models', '--api-key-env', 'MY_KEY', '--base-url', 'http://127.0.0.1:9'], {
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('MY_KEY');
    });

    it('a missing base URL names --base-url and GATEWAY_BASE_URL', async () => {
      const r = await runCli(['verify'], { env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--base-url');
      expect(r.stderr).toContain('GATEWAY_BASE_URL');
    });

    it('an invalid base URL', async () => {
      for (const url of ['ftp://gw.example.com', 'https://', 'http://host:99999']) {
        const r = await runCli(['models', '--base-url', url, '--json'], { env: { GATEWAY_API_KEY: DEMO_KEY } });
        expect(r.code, url).toBe(2);
        expect((jsonOf(r) as { error: { code: string } }).error.code).toBe('usage');
      }
    });

    it('a bad --timeout or --concurrency', async () => {
      const env = { GATEWAY_API_KEY: DEMO_KEY, GATEWAY_BASE_URL: 'http://127.0.0.1:9' };
      expect((await runCli(['verify', '--timeout', 'soon'], { env })).code).toBe(2);
      expect((await runCli(['verify', '--concurrency', '0'], { env })).code).toBe(2);
    });

    it('a model the key cannot see lists the valid ids', async () => {
      const sim = await startSim();
      const r = await runCli(['verify', '--model', 'gpt-9', '--json'], { env: { GATEWAY_API_KEY: DEMO_KEY, GATEWAY_BASE_URL: sim.root } });
      expect(r.code).toBe(2);
      const doc = jsonOf(r) as { error: { code: string; fix: string } };
      expect(doc.error.code).toBe('usage');
      expect(doc.error.fix).toContain('claude-sonnet-4-5');
      expect(doc.error.fix).toContain('gpt-5.1-codex');
    });
  });

  it('base URL repairs are reported on stderr, never on stdout', async () => {
    const sim = await startSim();
    const r = await runCli(['models', '--json', '--base-url', `${sim.root}/v1/`], { env: { GATEWAY_API_KEY: DEMO_KEY } });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('/v1');
    expect((jsonOf(r) as { baseUrl: string }).baseUrl).toBe(sim.root);
  });

  it('--api-key works but warns', async () => {
    const sim = await startSim();
    const r = await runCli(['models', '--json', '--api-key', DEMO_KEY, '--base-url', sim.root]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('shell history');
  });
});

describe('--help alone', () => {
  it('prints, from the text the build rendered, exactly the main help the code makes', async () => {
    const { englishHelp } = await import('../../src/cli/main-help.js');
    const { existsSync } = await import('node:fs');
    expect(existsSync(new URL('../../dist/help.en.txt', import.meta.url))).toBe(true);
    const r = await runCli(['--help'], { env: { LANG: 'en_US.UTF-8' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(englishHelp({ env: {}, platform: 'linux' }));
    // Chinese from its own rendered file: the same text `--lang zh-CN --help` makes through the command line.
    const zh = await runCli(['--help'], { env: { LANG: 'zh_CN.UTF-8' } });
    expect(zh.stdout).toMatch(/[\u4e00-\u9fff]/);
    expect(zh.stdout).toBe((await runCli(['--help', '--lang', 'zh-CN'])).stdout);
  });
});

describe("one command's help alone", () => {
  it.each(['setup', 'doctor', 'models', 'restore'])(
    '%s --help prints, from the text the build rendered, exactly what the command line makes',
    async (command) => {
      const { existsSync } = await import('node:fs');
      expect(existsSync(new URL(`../../dist/help/${command}.en.txt`, import.meta.url))).toBe(true);
      // `--lang` makes it a run of the command line itself: the code's own text to compare with.
      for (const [locale, lang] of [
        ['en_US.UTF-8', 'en'],
        ['zh_CN.UTF-8', 'zh-CN'],
      ] as const) {
        const rendered = await runCli([command, '--help'], { env: { LANG: locale } });
        const made = await runCli([command, '--help', '--lang', lang]);
        expect(rendered.code).toBe(0);
        expect(rendered.stdout).toContain('--json');
        expect(rendered.stdout).toBe(made.stdout);
        expect((await runCli(['help', command], { env: { LANG: locale } })).stdout).toBe(made.stdout);
      }
    },
  );
});

describe('the end of a run', () => {
  it('a document of megabytes through a pipe arrives whole before the process ends, with its exit code', async () => {
    // The bin ends the process as soon as the command is over (src/cli/entry.ts): everything it
    // printed must have reached the pipe by then, however slowly the reader takes it.
    const models = Array.from({ length: 3000 }, (_, i) => ({ id: `piped-model-${i}`, channel: 'openai' as const }));
    const sim = await startSim({ models });
    const r = await runCli(['models', '--json', '--base-url', sim.root], { env: { GATEWAY_API_KEY: DEMO_KEY }, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(1_000_000);
    const listed = (jsonOf(r) as { models: { id: string }[] }).models.map((m) => m.id);
    expect(listed).toEqual(expect.arrayContaining(models.map((m) => m.id)));
    const refused = await runCli(['models', '--json', '--base-url', 'http://127.0.0.1:9'], { env: { GATEWAY_API_KEY: DEMO_KEY } });
    expect(refused.code).toBe(1);
    expect(jsonOf(refused)).toMatchObject({ ok: false });
  });
});

describe('a reader that stops reading', () => {
  it('`models --json | head`: the output is cut where the reader left, without an error, exit code unchanged', async () => {
    const models = Array.from({ length: 3000 }, (_, i) => ({ id: `cut-model-${i}`, channel: 'openai' as const }));
    const sim = await startSim({ models });
    const home = tempHome();
    const { code, stderr, first } = await new Promise<{ code: number | null; stderr: string; first: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN_PATH, 'models', '--json', '--base-url', sim.root], {
        env: { PATH: process.env.PATH ?? '', HOME: home.dir, GATEWAY_API_KEY: DEMO_KEY },
        cwd: home.dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      let head = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      // As `head -c` does: the first bytes, then the pipe closed.
      child.stdout.once('data', (d: Buffer) => {
        head = d.toString('utf8');
        child.stdout.destroy();
      });
      child.on('error', reject);
      child.on('close', (exit) => resolve({ code: exit, stderr: err, first: head }));
    }).finally(home.remove);
    expect(first.startsWith('{"ok":true')).toBe(true);
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
    expect(code).toBe(0);
  });
});
