// The package as a script imports it: through package.json's `exports` (the built bundle and its
// types), the README's own example run against the simulator in a process of its own.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);
const newHome = tempHomes();

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

/** The README's library example, as written there. */
function readmeExample(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = /<!-- library-example -->\n```js\n([\s\S]*?)```/.exec(readme)?.[1];
  if (block === undefined) throw new Error('README: the library example is missing');
  return block;
}

describe('the library package', () => {
  it('exports the calls and their types', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, { types: string; import: string }>;
    };
    const main = pkg.exports['.']!;
    expect(existsSync(join(ROOT, main.import))).toBe(true);
    const types = readFileSync(join(ROOT, main.types), 'utf8');
    for (const name of ['setup', 'sync', 'doctor', 'verify', 'models', 'remove', 'restore', 'translatorFor', 'Host'])
      expect(types).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('names only files that exist: its bin, and every file a script runs with node', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      scripts: Record<string, string>;
    };
    const files = [
      ...Object.values(pkg.bin),
      ...Object.values(pkg.scripts).flatMap((script) => [...script.matchAll(/\bnode (\S+\.[cm]?js)\b/g)].map((m) => m[1]!)),
    ];
    expect(files).toContain('bin/gateway-agent-setup.cjs');
    expect(files.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });

  it('loads the built parts once: the package entry and a second load give the same classes', async () => {
    // In a process of its own, as a script imports it (vitest would load the sources instead).
    const script = `const cli = require(${JSON.stringify(join(ROOT, 'dist/cli.cjs'))});
import(${JSON.stringify(join(ROOT, 'dist/index.js'))}).then(async (pkg) => {
  const [a, b] = await Promise.all([cli.library(), cli.library()]);
  console.log(JSON.stringify([a === b, pkg.ToolError === a.ToolError, typeof pkg.setup]));
});`;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: newHome() });
    expect(JSON.parse(stdout)).toEqual([true, true, 'function']);
  });

  it("runs the README's example: both agents proven, a request ID each, exit 0, the key never printed", async () => {
    const home = newHome();
    // Beside package.json, so `import 'gateway-agent-setup'` resolves to this package (its self-reference).
    const script = join(ROOT, `.gas-readme-${process.pid}.mjs`);
    writeFileSync(script, readmeExample().replace("'https://gw.example.com'", JSON.stringify(sim.root)));
    try {
      const out = await run(process.execPath, [script], {
        cwd: home,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(out.stdout).toMatch(/^codex: proven$/m);
      expect(out.stdout).toMatch(/^Claude Code \S+ \(request \S+\)$/m);
      expect(out.stdout + out.stderr).not.toContain(DEMO_KEY);
      expect(readFileSync(join(home, '.codex', 'config.toml'), 'utf8')).toContain(sim.root);
    } finally {
      (await import('node:fs')).rmSync(script, { force: true });
    }
  });
});
