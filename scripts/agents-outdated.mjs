// `npm run agents:outdated [-- --run]`: bundles test/agents/outdated.ts (it reads the pins from the
// agent modules) with esbuild into a temporary file and runs it with the same arguments.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Inside the project (not the system's temp folder): the bundle imports its packages from node_modules.
const cache = join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'gas-outdated-'));
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
