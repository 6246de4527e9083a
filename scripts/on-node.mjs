// `npm run test:newest-node`: the whole suite on the newest Node LTS, taken from the npm
// registry (the `node-<platform>-<arch>` package ships the binary). Users start us through npx on
// whatever Node they have; CI's own is the oldest we support. Cached outside the repository, one
// folder per version; a half install is never taken for a whole one (its stamp is written last).
//
//   node scripts/on-node.mjs VERSION SCRIPT [ARGS…]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const [version, ...args] = process.argv.slice(2);
if (version === undefined || !/^\d+\.\d+\.\d+$/.test(version) || args.length === 0) {
  console.error('usage: node scripts/on-node.mjs VERSION SCRIPT [ARGS…]');
  process.exit(2);
}
const platform = process.platform === 'win32' ? 'win' : process.platform;
const pkg = `node-${platform}-${process.arch}`;
const dir = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'gateway-agent-setup-node', `${pkg}@${version}`);
const stamp = join(dir, '.installed');
if (!existsSync(stamp)) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
  execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', `${pkg}@${version}`], { stdio: 'inherit' });
  writeFileSync(stamp, '');
}
const node = join(dir, 'node_modules', pkg, 'bin', platform === 'win' ? 'node.exe' : 'node');
console.log(`on ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()} (${node})`);
const run = spawnSync(node, args, { stdio: 'inherit' });
process.exit(run.status ?? 1);
