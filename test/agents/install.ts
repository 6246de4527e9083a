// Installs the pinned agents from npm into a cache outside the repository (reused when present),
// and returns the folder of each one's bin.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Versions seen working in ../shared/docs/agents.md; bump them together with that page. */
export const PINNED = {
  'claude-code': { pkg: '@anthropic-ai/claude-code', version: '2.1.197', bin: 'claude' },
  codex: { pkg: '@openai/codex', version: '0.169.0', bin: 'codex' },
  opencode: { pkg: 'opencode-ai', version: '1.18.33', bin: 'opencode' },
  'qwen-code': { pkg: '@qwen-code/qwen-code', version: '0.15.10', bin: 'qwen' },
  cline: { pkg: 'cline', version: '3.0.65', bin: 'cline' },
} as const;
export type PinnedId = keyof typeof PINNED;

export const CACHE = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'gateway-agent-setup-agents');

export async function ensureAgent(id: PinnedId): Promise<string> {
  const { pkg, version, bin } = PINNED[id];
  const dir = join(CACHE, `${pkg.replace(/[/@]/g, '_')}_${version}`);
  const binDir = join(dir, 'node_modules', '.bin');
  if (existsSync(join(binDir, bin))) return binDir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
  await run('npm', ['install', '--no-audit', '--no-fund', '--no-save', `${pkg}@${version}`], { cwd: dir, maxBuffer: 1 << 26 });
  if (!existsSync(join(binDir, bin))) throw new Error(`${pkg}@${version} installed but ${bin} is missing in ${binDir}`);
  return binDir;
}
