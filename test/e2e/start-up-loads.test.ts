// What a start runs is what it costs: a command that reads no config file must not run the TOML and
// YAML readers, and one that makes no request must not run the HTTP client. The built command line
// is one file whose modules run when first imported (each a function named by its path), so the
// built bin runs with V8's coverage on and the modules whose functions ran are read from it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN_PATH } from '../helpers/cli.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'gas-loads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each library's modules, as the bundle names them. */
const LIBRARIES = {
  yaml: 'node_modules/yaml/',
  toml: 'node_modules/@decimalturn/toml-patch/',
  http: 'node_modules/undici/',
  cosmiconfig: 'node_modules/cosmiconfig/',
} as const;

interface Coverage {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
}

/** The libraries a start of the bin ran, in a folder holding `folder` and a home holding `homeFiles` (path → text). */
async function ranLibraries(
  args: string[],
  env: Record<string, string> = {},
  folder: Record<string, string> = {},
  homeFiles: Record<string, string> = {},
): Promise<string[]> {
  const coverage = mkdtempSync(join(dir, 'coverage-'));
  const home = mkdtempSync(join(dir, 'home-'));
  const cwd = mkdtempSync(join(dir, 'cwd-'));
  for (const [name, text] of Object.entries(folder)) writeFileSync(join(cwd, name), text);
  for (const [name, text] of Object.entries(homeFiles)) {
    mkdirSync(dirname(join(home, name)), { recursive: true });
    writeFileSync(join(home, name), text);
  }
  await run(process.execPath, [BIN_PATH, ...args], {
    env: { PATH: '/usr/bin:/bin', HOME: home, NODE_V8_COVERAGE: coverage, ...env },
    cwd,
  }).catch((err: { code?: unknown }) => {
    if (typeof err.code !== 'number') throw err;
  });
  const ran = readdirSync(coverage).flatMap((f) =>
    (JSON.parse(readFileSync(join(coverage, f), 'utf8')) as Coverage).result
      .filter((s) => s.url.endsWith('/dist/gateway-agent-setup.cjs'))
      .flatMap((s) => s.functions.filter((fn) => (fn.ranges[0]?.count ?? 0) > 0).map((fn) => fn.functionName)),
  );
  // The command's own modules ran: what is not in the list below was there to be seen.
  expect(ran).toContain('src/cli/main.ts');
  return Object.entries(LIBRARIES)
    .filter(([, prefix]) => ran.some((name) => name.startsWith(prefix)))
    .map(([name]) => name);
}

describe('what a start runs', () => {
  it('doctor on a machine without agents runs neither the file readers nor the HTTP client', async () => {
    expect(await ranLibraries(['doctor'])).toEqual([]);
  });

  it('a package.json that says nothing of us is passed over without the JSON loader; one that does runs it', async () => {
    const pkg = { name: 'app', version: '1.0.0', scripts: { test: 'vitest' } };
    expect(await ranLibraries(['doctor'], {}, { 'package.json': JSON.stringify(pkg) })).toEqual([]);
    const ours = { ...pkg, 'gateway-agent-setup': { preferences: ['claude-*'] } };
    expect(await ranLibraries(['doctor'], {}, { 'package.json': JSON.stringify(ours) })).toEqual(['cosmiconfig']);
  });

  it('models on a refused connection runs the HTTP client and no file reader', async () => {
    expect(await ranLibraries(['models', '--base-url', 'http://127.0.0.1:9'], { GATEWAY_API_KEY: 'sk-loads-not-a-key-0000' })).toEqual([
      'http',
    ]);
  });

  it('doctor with a TOML and a YAML config to read runs both readers (and no HTTP client without a gateway)', async () => {
    // Proof that a reader that runs is seen: Codex CLI's TOML and Continue's YAML, as users have them.
    const libs = await ranLibraries(
      ['doctor'],
      {},
      {},
      {
        '.codex/config.toml': 'model = "gpt-5"\n',
        '.continue/config.yaml': 'name: mine\nversion: 1.0.0\nschema: v1\nmodels: []\n',
      },
    );
    expect(libs).toEqual(['yaml', 'toml']);
  });
});
