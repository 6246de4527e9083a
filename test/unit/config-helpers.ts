// Shared by the config-*.test.ts files: temp dirs, fixtures, the "nothing else changed" check, and
// one realistic run to plan, show and apply.
import { chmod, cp, mkdtemp, rm, stat } from 'node:fs/promises';
import type { FileEdit } from '../../src/config/types.js';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { afterEach, expect } from 'vitest';

// The repo's own copies of the users' lived-in configs, so the tests run wherever the clone is.
const FIXTURES = fileURLToPath(new URL('../fixtures/agents', import.meta.url));

export function fixture(rel: string): string {
  return readFileSync(path.join(FIXTURES, rel), 'utf8');
}

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** A fresh temp dir, removed after the test. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gas-config-'));
  dirs.push(dir);
  return dir;
}

/** Copies a fixture into `dir` (writable, unlike the read-only original) and returns its path. */
export async function copyFixture(rel: string, dir: string, name = path.basename(rel)): Promise<string> {
  const dest = path.join(dir, name);
  await cp(path.join(FIXTURES, rel), dest);
  const { chmod } = await import('node:fs/promises');
  await chmod(dest, 0o644);
  return dest;
}

/**
 * Every line of `before` that `touched` does not claim is still in `after`, byte for byte and in the
 * same order. In JSON the member that used to be last may gain the comma that separates it from a
 * member appended after it; that single change is allowed and nothing else.
 */
export function expectKeptLines(before: string, after: string, touched: (line: string) => boolean): void {
  const out = after.split('\n');
  let at = 0;
  for (const line of before.split('\n')) {
    if (touched(line)) continue;
    const found = out.findIndex((l, i) => i >= at && (l === line || (!/,\s*$/.test(line) && l === line.replace(/(\r?)$/, ',$1'))));
    expect(found, `line kept: ${JSON.stringify(line)}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

/** For JSON: a line that holds one of these keys (quoted) is one the edit may change. */
export function jsonKeys(...keys: string[]): (line: string) => boolean {
  return (line) => keys.some((k) => line.includes(JSON.stringify(k)));
}

/** A parsed document the tests reach into freely; the assertions are the type check here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = any;

export const KEY = 'sk-gw-0123456789abcdef0123';
export const NOW = new Date('2026-11-22T08:50:00.123Z');
export const modeOf = async (p: string) => (await stat(p)).mode & 0o777;
export const exists = async (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/** A realistic run: Claude settings (updated), Codex config (updated), Codex .env (created, secret). */
export async function scene() {
  const home = await tempDir();
  const claude = await copyFixture('claude-code/settings.lived-in.json', home, 'settings.json');
  const codex = await copyFixture('codex/config.lived-in.toml', home, 'config.toml');
  await chmod(codex, 0o640);
  const dotenv = path.join(home, 'codex', '.env');
  const state = path.join(home, 'state');
  const edits: FileEdit[] = [
    {
      path: claude,
      format: 'json',
      owner: 'claude-code',
      edits: [{ path: ['env', 'ANTHROPIC_BASE_URL'], value: 'https://gw.example.com' }],
    },
    { path: codex, format: 'toml', owner: 'codex', edits: [{ path: ['model_provider'], value: 'gateway' }] },
    { path: dotenv, format: 'dotenv', owner: 'codex', secret: true, edits: [{ path: ['GATEWAY_API_KEY'], value: KEY }] },
    // A second edit of the Claude file is merged into the first, in order.
    { path: claude, format: 'json', owner: 'claude-code', edits: [{ path: ['env', 'ANTHROPIC_AUTH_TOKEN'], value: KEY }] },
  ];
  return { home, claude, codex, dotenv, state, edits };
}
