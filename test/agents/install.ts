// Installs the pinned agents from npm into a cache outside the repository, one prefix per
// package@version (`npm install --prefix`), reused when present; returns the folder of its bin.
// A finished install leaves a stamp file, so an interrupted one is redone, never half-used.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AGENTS, SUPPORTED_AGENT_IDS, type AgentId } from '../../src/agents/registry.js';

const run = promisify(execFile);

/**
 * Every agent with a verified version in its module, at that version: the agents tier runs exactly
 * what the modules were proven against. Bump a module's `install.verified` only after running it.
 */
export const PINNED = Object.fromEntries(
  SUPPORTED_AGENT_IDS.flatMap((id) => {
    const { install, binary } = AGENTS[id];
    return install.verified === undefined ? [] : [[id, { pkg: install.package, version: install.verified, bin: binary, extras: install.extras ?? [] }]];
  }),
) as Readonly<Record<AgentId, { pkg: string; version: string; bin: string; extras: readonly string[] }>>;
export type PinnedId = AgentId;

export const CACHE = join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'gateway-agent-setup-agents');

const STAMP = '.installed';

/** The prefix folder of one pinned package. */
export function prefixOf(id: PinnedId): string {
  const { pkg, version, extras } = PINNED[id];
  // The extras are part of the prefix's name: changing them installs afresh.
  return join(CACHE, [`${pkg}@${version}`, ...extras].join('+'));
}

/** Installs (or reuses) the pinned version; the path of its `node_modules/.bin`. */
export async function ensureAgent(id: PinnedId): Promise<string> {
  const { pkg, version, bin, extras } = PINNED[id];
  const dir = prefixOf(id);
  const binDir = join(dir, 'node_modules', '.bin');
  if (!existsSync(join(dir, STAMP)) || !existsSync(join(binDir, bin))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
    try {
      // Install scripts run: several agents fetch their platform binary as an optional dependency
      // and link it in a postinstall step (npm registry only).
      await run('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', '--save-exact', `${pkg}@${version}`, ...extras], {
        cwd: dir,
        maxBuffer: 1 << 26,
        timeout: 15 * 60_000,
      });
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`npm install ${[`${pkg}@${version}`, ...extras].join(' ')} failed: ${(err as Error).message}`);
    }
    if (!existsSync(join(binDir, bin))) throw new Error(`${pkg}@${version} installed but ${bin} is missing in ${binDir}`);
    writeFileSync(join(dir, STAMP), `${pkg}@${version}\n`);
  }
  const installed = (JSON.parse(readFileSync(join(dir, 'node_modules', ...pkg.split('/'), 'package.json'), 'utf8')) as { version: string }).version;
  if (installed !== version) throw new Error(`${dir} holds ${pkg}@${installed}, not the pinned ${version}`);
  return binDir;
}
