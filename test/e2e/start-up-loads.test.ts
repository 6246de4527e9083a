// What a start loads is what it costs: a command that reads no config file must not parse the TOML
// and YAML readers, and one that makes no request must not parse the HTTP client. The built bin runs
// with a module hook that logs every file of ours it resolves; the files are then searched for a
// name only that library's code carries.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN_PATH } from '../helpers/cli.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'gas-loads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each library's own mark, as the bundle keeps it. */
const MARKS = { yaml: 'YAMLParseError', http: 'llhttp', cosmiconfig: 'JSON Error in' } as const;

/** The marks of what a start of the bin loads, run in a folder holding `folder` (path → text). */
async function loadedMarks(args: string[], env: Record<string, string> = {}, folder: Record<string, string> = {}): Promise<string[]> {
  const log = join(dir, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  const hook = `import { appendFileSync } from 'node:fs'; export async function resolve(s, c, next) { const r = await next(s, c); if (r.url.startsWith('file:') && r.url.includes('/dist/')) appendFileSync(${JSON.stringify(log)}, r.url + '\\n'); return r; }`;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
  const home = mkdtempSync(join(dir, 'home-'));
  const cwd = mkdtempSync(join(dir, 'cwd-'));
  for (const [name, text] of Object.entries(folder)) writeFileSync(join(cwd, name), text);
  await run(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(register)}`, BIN_PATH, ...args], {
    env: { PATH: '/usr/bin:/bin', HOME: home, ...env },
    cwd,
  }).catch((err: { code?: unknown }) => {
    if (typeof err.code !== 'number') throw err;
  });
  const files = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))];
  expect(files.length).toBeGreaterThan(3);
  const text = files.map((u) => readFileSync(fileURLToPath(u), 'utf8')).join('\n');
  return Object.entries(MARKS)
    .filter(([, mark]) => text.includes(mark))
    .map(([name]) => name);
}

describe('what a start loads', () => {
  it('doctor on a machine without agents loads neither the file parsers nor the HTTP client', async () => {
    expect(await loadedMarks(['doctor'])).toEqual([]);
  });

  it('a package.json that says nothing of us is passed over without the JSON loader; one that does loads it', async () => {
    const pkg = { name: 'app', version: '1.0.0', scripts: { test: 'vitest' } };
    expect(await loadedMarks(['doctor'], {}, { 'package.json': JSON.stringify(pkg) })).toEqual([]);
    const ours = { ...pkg, 'gateway-agent-setup': { preferences: ['claude-*'] } };
    expect(await loadedMarks(['doctor'], {}, { 'package.json': JSON.stringify(ours) })).toEqual(['cosmiconfig']);
  });

  it('models on a refused connection loads the HTTP client and no file parser', async () => {
    expect(await loadedMarks(['models', '--base-url', 'http://127.0.0.1:9'], { GATEWAY_API_KEY: 'sk-loads-not-a-key-0000' })).toEqual([
      'http',
    ]);
  });
});
