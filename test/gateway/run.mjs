// `npm run test:gateway`: the real new-api tier.
// 1. Prepare, with the registries: build (or reuse) the pinned new-api from the Go module proxy
//    and install (or reuse) the pinned agents (npm, PyPI), all cached outside the repository.
// 2. Test, without them, once per new-api release (`GAS_NEW_API=v0.13.2` picks one) and once on
//    one-api, new-api's ancestor (`GAS_GATEWAY=one-api` picks that pass alone): vitest inside a private network namespace whose only interface is
//    loopback. new-api listens on every interface and has no setting to bind 127.0.0.1 alone;
//    inside the namespace every interface is loopback, so nothing the tier starts (new-api, our
//    upstream, the agents) can be reached from, or reach, anything but this machine's tests.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
let releases = [];
const bundle = join(tmpdir(), `gas-gateway-prepare-${process.pid}.mjs`);

function fail(step, detail) {
  console.error(`test:gateway: ${step} failed: ${detail}`);
  process.exit(1);
}

try {
  await build({
    entryPoints: [join(root, 'test/gateway/prepare.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    // As the build does: jsonc-parser's 'main' is a UMD build whose dynamic requires esbuild cannot follow.
    mainFields: ['module', 'main'],
    target: 'node20',
    outfile: bundle,
    logLevel: 'warning',
  });
  const loaded = await import(pathToFileURL(bundle).href);
  releases = loaded.releases;
  const only = process.env.GAS_NEW_API;
  if (only && !releases.includes(only)) fail('prepare', `GAS_NEW_API=${only}: not one of ${releases.join(', ')}`);
  if (only) releases = [only];
  await loaded.prepare((line) => console.log(`test:gateway: ${line}`));
} catch (err) {
  fail('prepare', err instanceof Error ? err.message : String(err));
} finally {
  rmSync(bundle, { force: true });
}

// Root makes the namespace directly; anyone else through a user namespace mapped to root.
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const unshare = ['--net', ...(isRoot ? [] : ['--map-root-user'])];
const vitest = [
  process.execPath,
  join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--config',
  'test/gateway/vitest.config.ts',
  // A file filter for one pass finds nothing in the other.
  '--passWithNoTests',
  ...process.argv.slice(2),
];
const probe = spawnSync('unshare', [...unshare, '--', 'ip', 'link', 'set', 'lo', 'up'], { encoding: 'utf8' });
if (probe.error || probe.status !== 0) {
  fail(
    'network namespace',
    `\`unshare ${unshare.join(' ')}\` with \`ip link set lo up\` did not run (${probe.error?.message ?? probe.stderr.trim()}). ` +
      'The tier needs Linux with util-linux and iproute2, as root or with unprivileged user namespaces.',
  );
}
const passes = [
  ...releases.map((release) => ({ name: `new-api ${release}`, env: { GAS_NEW_API: release, GAS_GATEWAY: 'new-api' } })),
  { name: 'one-api', env: { GAS_GATEWAY: 'one-api' } },
].filter((p) => (process.env.GAS_GATEWAY ? p.env.GAS_GATEWAY === process.env.GAS_GATEWAY : !process.env.GAS_NEW_API || p.env.GAS_NEW_API));
// Every pass runs, even after one fails: what differs between the gateways is the finding.
const failed = [];
for (const pass of passes) {
  console.log(`test:gateway: the suite on ${pass.name}`);
  const result = spawnSync('unshare', [...unshare, '--', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', ...vitest], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...pass.env },
  });
  if (result.status !== 0) failed.push(pass.name);
}
if (failed.length > 0) fail('the suite', `it failed on ${failed.join(', ')}`);
