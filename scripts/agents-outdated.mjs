// `npm run agents:outdated [-- --run]`: bundles test/agents/outdated.ts (it reads the pins from the
// agent modules) with esbuild into a temporary file and runs it with the same arguments.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = mkdtempSync(join(tmpdir(), 'gas-outdated-'));
const out = join(dir, 'outdated.mjs');
try {
  await build({
    entryPoints: ['test/agents/outdated.ts'],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    define: { __VERSION__: '"outdated"' },
    logLevel: 'error',
  });
  await import(pathToFileURL(out).href);
} finally {
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
