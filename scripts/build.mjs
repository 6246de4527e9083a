// Bundles src/ into dist/ with esbuild. Every runtime package is bundled, so `npx` installs one
// package.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// The build's inputs, hashed: a build whose inputs did not change since the last one leaves dist/ as
// it is. `npm test` builds, and the tiers that run after it (side by side in CI) find it built
// instead of rebuilding it under each other.
const { createHash } = await import('node:crypto');
const { readdirSync, existsSync, writeFileSync: write } = await import('node:fs');
const { join } = await import('node:path');
const root = new URL('..', import.meta.url).pathname;
const inputs = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name))
    .sort();
const hash = createHash('sha256');
for (const file of [
  ...inputs('src'),
  ...inputs('templates'),
  ...['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.lib.json', 'scripts/build.mjs'].map((f) => join(root, f)),
])
  hash.update(file.slice(root.length)).update('\0').update(readFileSync(file)).update('\0');
const stamp = hash.digest('hex');
const stampFile = join(root, 'dist', '.inputs');
if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
  console.log('build: dist/ is up to date with its inputs');
  process.exit(0);
}
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

// Everything but the first module is one CommonJS file: a start then hands Node's loader one file
// instead of dozens of ES modules, and V8 can cache its compiled code (src/cli/code-cache.ts). Its
// modules run only when first imported (`cli()`, `library()`), so a command evaluates what it uses.
const BUNDLE = 'gateway-agent-setup.cjs';
const shared = {
  bundle: true,
  platform: 'node',
  // Prefer ESM entry points: jsonc-parser's 'main' is a UMD build whose dynamic requires esbuild cannot follow.
  mainFields: ['module', 'main'],
  target: 'node20',
  sourcemap: false,
  // Smaller install and less to parse at start; identifiers kept for readable stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  define: {
    __VERSION__: JSON.stringify(pkg.version),
    __BUILD__: JSON.stringify(stamp.slice(0, 16)),
    __BUNDLE__: JSON.stringify(`./${BUNDLE}`),
  },
  logLevel: 'warning',
};
await build({
  ...shared,
  stdin: {
    contents: "export const cli = () => import('./src/cli/main.ts');\nexport const library = () => import('./src/index.ts');\n",
    resolveDir: root,
    sourcefile: 'bundle.ts',
    loader: 'ts',
  },
  outfile: `dist/${BUNDLE}`,
  format: 'cjs',
  define: { ...shared.define, 'import.meta.url': '__moduleUrl' },
  banner: { js: "var __moduleUrl = require('node:url').pathToFileURL(__filename).href;" },
  // cosmiconfig can load .ts config files through the TypeScript compiler; we do not offer that
  // (src/settings/), so the 10 MB compiler stays out of the bundle and is never required.
  external: ['typescript'],
});
// The bundle in ASCII: read as Latin-1, it becomes V8's one-byte string, without a UTF-8 decode at
// every start (src/cli/code-cache.ts). esbuild escapes strings itself; what it leaves are the
// regular expressions (and their String.raw parts) that match new-api's Chinese messages, where
// `\uXXXX` means the same character.
{
  const file = join(root, 'dist', BUNDLE);
  const text = readFileSync(file, 'utf8');
  write(
    file,
    text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}
// The first module, CommonJS as well (an ES module entry alone costs a start a quarter of Node's own):
// `--version` and `--help` answered without the bundle, and the bundle loaded for everything else.
await build({
  ...shared,
  entryPoints: { cli: 'src/cli/entry.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: { ...shared.define, 'import.meta.url': '__moduleUrl' },
  banner: { js: "var __moduleUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [
    {
      // From source the first module imports ./main.ts (and ./main-help.ts) itself; built, those
      // branches are dead (it loads the bundle), so their modules are not written out again beside it.
      name: 'command-line-in-bundle',
      setup(b) {
        b.onResolve({ filter: /^\.\/main(-help)?\.js$/ }, (args) =>
          args.importer.endsWith('entry.ts') ? { path: args.path, namespace: 'in-bundle' } : undefined,
        );
        b.onLoad({ filter: /.*/, namespace: 'in-bundle' }, () => ({ contents: '', loader: 'js' }));
      },
    },
  ],
});
// The library (package.json `exports`): the bundle's `library()`, as an ES module with named exports.
{
  const { createRequire } = await import('node:module');
  const lib = await createRequire(import.meta.url)(`../dist/${BUNDLE}`).library();
  const names = Object.keys(lib).sort();
  write(
    join(root, 'dist/index.js'),
    `import { createRequire } from 'node:module';\nconst lib = await createRequire(import.meta.url)('./${BUNDLE}').library();\nexport const { ${names.join(', ')} } = lib;\n`,
  );
}

// The library's types (package.json `exports`), declarations only, from the same sources.
{
  const { execFileSync } = await import('node:child_process');
  const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url);
  execFileSync(process.execPath, [tsc.pathname, '-p', new URL('../tsconfig.lib.json', import.meta.url).pathname], { stdio: 'inherit' });
}

// The main help in each language, rendered once by the bundle just built (no help file yet, so it
// takes its normal path): `--help` alone prints the reader's instead of loading the command table
// and its sentences at every start. A rebuild renders them again, so they never disagree with the code.
const { execFileSync } = await import('node:child_process');
const { writeFileSync } = await import('node:fs');
const { fileURLToPath } = await import('node:url');
for (const [lang, locale] of [
  ['en', 'en_US.UTF-8'],
  ['zh-CN', 'zh_CN.UTF-8'],
]) {
  const help = execFileSync(process.execPath, [fileURLToPath(new URL('../bin/gateway-agent-setup.cjs', import.meta.url)), '--help'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LANG: locale, NODE_DISABLE_COMPILE_CACHE: '1' },
    encoding: 'utf8',
  });
  writeFileSync(new URL(`../dist/help.${lang}.txt`, import.meta.url), help);
}
// Each command's help the same way (`setup --help`): a person asking how to call a command waits for
// its text only, not for the modules its run needs.
{
  const { mkdirSync, readFileSync } = await import('node:fs');
  const table = readFileSync(new URL('../src/cli/commands.ts', import.meta.url), 'utf8');
  const names = [...table.matchAll(/^ {2}([a-z]+): \{ summary:/gm)].map((m) => m[1]);
  mkdirSync(new URL('../dist/help/', import.meta.url), { recursive: true });
  for (const [lang, locale] of [
    ['en', 'en_US.UTF-8'],
    ['zh-CN', 'zh_CN.UTF-8'],
  ]) {
    for (const name of names) {
      const help = execFileSync(
        process.execPath,
        [fileURLToPath(new URL('../bin/gateway-agent-setup.cjs', import.meta.url)), name, '--help'],
        {
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LANG: locale, NODE_DISABLE_COMPILE_CACHE: '1' },
          encoding: 'utf8',
        },
      );
      writeFileSync(new URL(`../dist/help/${name}.${lang}.txt`, import.meta.url), help);
    }
  }
}

write(stampFile, stamp);
