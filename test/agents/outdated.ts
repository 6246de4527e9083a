// Each pinned agent beside the newest version its registry serves (npm, PyPI, the Go module proxy),
// and with `--run` the agents tier against the newest ones. Run by `npm run agents:outdated`
// (scripts/agents-outdated.mjs bundles this file); the registries are the only network it uses.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PINNED, pythonFor, VERSIONS_ENV, type Pinned, type PinnedId } from './install.js';

const run = promisify(execFile);

/** The newest version the registry serves, or why it could not tell. */
async function newest(p: Pinned): Promise<string> {
  switch (p.from) {
    case 'npm': {
      const { stdout } = await run('npm', ['view', p.pkg, 'version'], { timeout: 60_000 });
      return stdout.trim();
    }
    case 'pip': {
      // Asked with the Python the agent is installed on: PyPI answers each Python with the
      // releases it can install (OpenHands on 3.11: only a 0.0.0 placeholder).
      const { stdout } = await run(pythonFor(p.python), ['-m', 'pip', 'index', 'versions', '--disable-pip-version-check', p.pkg], {
        timeout: 60_000,
      });
      return /\(([^)]+)\)/.exec(stdout)?.[1] ?? 'unknown';
    }
    case 'go': {
      const { stdout } = await run('go', ['list', '-m', '-versions', '-json', `${p.pkg}@latest`], { timeout: 60_000 });
      return ((JSON.parse(stdout) as { Version?: string }).Version ?? 'unknown').replace(/^v/, '');
    }
  }
}

/**
 * Whether that release can be installed here at all, or why not. An npm package whose binary ships
 * in a package per platform (Kilo CLI's `@kilocode/cli-linux-x64`) can reach the registry before
 * its package for this machine does; a PyPI release can pin a dependency PyPI does not serve
 * (Mistral Vibe 3.0.3: certifi==2026.10.19), which pip's own resolver tells without installing.
 */
async function installableHere(p: Pinned, version: string): Promise<string | undefined> {
  if (p.from === 'pip') {
    const args = [
      '-m',
      'pip',
      'install',
      '--dry-run',
      '--quiet',
      '--ignore-installed',
      '--disable-pip-version-check',
      `${p.pkg}==${version}`,
    ];
    return run(pythonFor(p.python), args, { timeout: 10 * 60_000, maxBuffer: 1 << 26 }).then(
      () => undefined,
      (err: Error & { stderr?: string }) =>
        `does not install from PyPI here: ${/No matching distribution found for (\S+)/.exec(err.stderr ?? '')?.[1] ?? 'its dependencies do not resolve'}`,
    );
  }
  if (p.from !== 'npm') return undefined;
  const { stdout } = await run('npm', ['view', `${p.pkg}@${version}`, 'optionalDependencies', '--json'], { timeout: 60_000 });
  const optional = stdout.trim() === '' ? {} : (JSON.parse(stdout) as Record<string, string>);
  const own = Object.keys(optional).find((name) => name.endsWith(`-${process.platform}-${process.arch}`));
  const missing = `no ${process.platform}-${process.arch} package yet`;
  if (own !== undefined) {
    const published = await run('npm', ['view', `${own}@${optional[own]}`, 'version'], { timeout: 60_000 }).then(
      ({ stdout: v }) => v.trim() !== '',
      () => false,
    );
    if (!published) return missing;
  }
  return npmResolves(`${p.pkg}@${version}`);
}

/**
 * npm's own resolver over the whole tree, nothing installed: a release can depend on a package the
 * registry does not serve (Letta Code 0.30.28 and later: `@letta-ai/letta-agent-sdk`, and a
 * `@janhapke/sharp-electron` version it no longer has).
 */
async function npmResolves(spec: string): Promise<string | undefined> {
  const dir = await mkdtemp(join(tmpdir(), 'gas-outdated-'));
  const args = ['install', '--dry-run', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', dir, spec];
  try {
    await run('npm', args, { cwd: dir, timeout: 10 * 60_000, maxBuffer: 1 << 26 });
    return undefined;
  } catch (err) {
    const text = (err as { stderr?: string }).stderr ?? '';
    const why =
      /No matching version found for (\S+?)\.?\s/.exec(text)?.[1] ?? /404 Not Found - GET \S+\/(\S+) /.exec(text)?.[1]?.replace('%2f', '/');
    return `does not install from npm here: ${why ?? 'its dependencies do not resolve'}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const ids = Object.keys(PINNED) as PinnedId[];
const rows = await Promise.all(
  ids.map(async (id) => {
    const p = PINNED[id];
    let latest = await newest(p).catch((err: Error) => `? (${err.message.split('\n')[0]})`);
    const known = !latest.startsWith('?') && latest.localeCompare(p.version, 'en', { numeric: true }) > 0;
    // A newer release that cannot be installed here is not one a pin can move to yet.
    const blocked = known ? await installableHere(p, latest) : undefined;
    if (blocked !== undefined) latest = `${latest} (${blocked})`;
    return { id, pkg: p.pkg, pinned: p.version, latest, outdated: known && blocked === undefined };
  }),
);
const width = (k: 'id' | 'pkg' | 'pinned') => Math.max(...rows.map((r) => r[k].length), k.length);
console.log(`${'agent'.padEnd(width('id'))}  ${'package'.padEnd(width('pkg'))}  ${'pinned'.padEnd(width('pinned'))}  newest`);
for (const r of rows)
  console.log(
    `${r.id.padEnd(width('id'))}  ${r.pkg.padEnd(width('pkg'))}  ${r.pinned.padEnd(width('pinned'))}  ${r.latest}${r.outdated ? '  ← newer' : ''}`,
  );

const stale = rows.filter((r) => r.outdated);
if (!process.argv.includes('--run')) {
  console.log(
    stale.length === 0 ? '\nEvery pin is the newest.' : `\n${stale.length} pin(s) behind. Try them: npm run agents:outdated -- --run`,
  );
  process.exit(0);
}
const versions = Object.fromEntries(stale.map((r) => [r.id, r.latest]));
console.log(`\nThe agents tier with ${VERSIONS_ENV}=${JSON.stringify(versions)}`);
const tier = spawn('npm', ['run', 'test:agents'], { stdio: 'inherit', env: { ...process.env, [VERSIONS_ENV]: JSON.stringify(versions) } });
tier.on('exit', (code) => process.exit(code ?? 1));
