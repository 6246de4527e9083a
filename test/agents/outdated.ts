// Each pinned agent beside the newest version its registry serves (npm, PyPI, the Go module proxy),
// and with `--run` the agents tier against the newest ones. Run by `npm run agents:outdated`
// (scripts/agents-outdated.mjs bundles this file); the registries are the only network it uses.
import { execFile, spawn } from 'node:child_process';
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
 * An npm package whose binary ships in a package per platform (Kilo CLI's `@kilocode/cli-linux-x64`):
 * whether that version's package for this machine is published. A release can reach the registry
 * before its Linux package does, and then nothing here can install it.
 */
async function installableHere(p: Pinned, version: string): Promise<boolean> {
  if (p.from !== 'npm') return true;
  const { stdout } = await run('npm', ['view', `${p.pkg}@${version}`, 'optionalDependencies', '--json'], { timeout: 60_000 });
  const optional = stdout.trim() === '' ? {} : (JSON.parse(stdout) as Record<string, string>);
  const own = Object.keys(optional).find((name) => name.endsWith(`-${process.platform}-${process.arch}`));
  if (own === undefined) return true;
  return run('npm', ['view', `${own}@${optional[own]}`, 'version'], { timeout: 60_000 }).then(
    ({ stdout: v }) => v.trim() !== '',
    () => false,
  );
}

const ids = Object.keys(PINNED) as PinnedId[];
const rows = await Promise.all(
  ids.map(async (id) => {
    const p = PINNED[id];
    let latest = await newest(p).catch((err: Error) => `? (${err.message.split('\n')[0]})`);
    const known = !latest.startsWith('?') && latest.localeCompare(p.version, 'en', { numeric: true }) > 0;
    // A newer release without this machine's package is not one a pin can move to yet.
    if (known && !(await installableHere(p, latest))) latest = `${latest} (no ${process.platform}-${process.arch} package yet)`;
    return { id, pkg: p.pkg, pinned: p.version, latest, outdated: known && !latest.includes(' package yet') };
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
