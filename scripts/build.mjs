// Bundles src/ into dist/ with esbuild. Every runtime package is bundled, so `npx` installs one
// package; code splitting keeps each command's heavy dependencies in a chunk loaded only by it.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { cli: 'src/cli/entry.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // Prefer ESM entry points: jsonc-parser's 'main' is a UMD build whose dynamic requires esbuild cannot follow.
  mainFields: ['module', 'main'],
  target: 'node20',
  sourcemap: false,
  // Smaller install and less to parse at start; identifiers kept for readable stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __VERSION__: JSON.stringify(pkg.version) },
  // Bundled CommonJS packages call require() for Node built-ins; give them a real one.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  // cosmiconfig can load .ts config files through the TypeScript compiler; we do not offer that
  // (src/settings/), so the 10 MB compiler stays out of the bundle and is never required.
  external: ['typescript'],
  logLevel: 'warning',
});
