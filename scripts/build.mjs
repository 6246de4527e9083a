// Bundles src/ into dist/ with esbuild. Every runtime package is bundled, so `npx` installs one
// package.
import { build, transform } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// The build's inputs, hashed: a build whose inputs did not change since the last one leaves dist/ as
// it is. `npm test` builds, and the tiers that run after it (side by side in CI) find it built
// instead of rebuilding it under each other.
const { createHash } = await import('node:crypto');
const { readdirSync, existsSync, mkdirSync, writeFileSync: write } = await import('node:fs');
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

// Everything but the first module is built as ES modules split into chunks (esbuild's code
// splitting: each module in one chunk, a chunk per set of entry points and dynamic imports that
// reach it), each chunk then made CommonJS and the chunks grouped into a few part files: a start
// then hands Node's loader a few files instead of dozens of ES modules, V8 can cache each part's
// compiled code (src/cli/code-cache.ts), and a command reads only the parts it runs. The `start`
// part holds what the quick commands run (traced below: `doctor` with no agents, `models` on a
// refused connection); each large library its own part; everything else `rest`.
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
  },
  logLevel: 'warning',
  plugins: [
    {
      // jsonc-parser's formatter builds some thousand strings of indentation as it loads; we parse and
      // scan, never format, and the package does not say its modules are free of side effects (they
      // are): said here, esbuild leaves the formatter and its strings out.
      name: 'pure-packages',
      setup(b) {
        b.onResolve({ filter: /^(jsonc-parser$|\.)/ }, async (args) => {
          if (args.pluginData === 'pure') return undefined;
          if (args.path.startsWith('.') && !args.importer.includes('/node_modules/jsonc-parser/')) return undefined;
          const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'pure' });
          return { ...found, sideEffects: false };
        });
      },
    },
  ],
};
// Each area's English sentences (`messages/en.ts`) become data, a file per namespace (a key without
// its last segment: `doctor.fix` is in dist/messages/doctor.en.json, whichever areas say keys of it),
// read when a command first says one of them (src/i18n/text.ts, DeferredTexts). In the parts, the
// catalog module registers its namespaces and the one reader of those files; from source (the
// tests) it is the module as written. The sentences are taken from the modules themselves, run here.
/** Runs a CommonJS module esbuild wrote (`code`) here, at build time, and returns its exports. */
const runHere = (code, require = () => ({})) => {
  const module = { exports: {} };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
};
const catalogFiles = [...inputs('src')].filter((f) => f.endsWith('/messages/en.ts'));
const catalogNamespaces = new Map();
{
  const out = await build({
    ...shared,
    plugins: [],
    entryPoints: catalogFiles,
    outdir: 'catalogs',
    outbase: 'src',
    format: 'cjs',
    write: false,
  });
  const byNamespace = new Map();
  for (const file of catalogFiles) {
    const rel = file.slice(join(root, 'src/').length);
    const code = out.outputFiles.find((o) => o.path.endsWith(`/catalogs/${rel.replace(/\.ts$/, '.js')}`)).text;
    const { en } = runHere(code);
    if (typeof en !== 'object' || Object.values(en).some((v) => typeof v !== 'string'))
      throw new Error(`build: ${rel} exports no catalog \`en\``);
    const namespaces = new Set();
    for (const [key, text] of Object.entries(en)) {
      const namespace = key.slice(0, key.lastIndexOf('.'));
      if (!/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/.test(namespace))
        throw new Error(`build: ${rel}: the key ${key} has no namespace to file it under`);
      namespaces.add(namespace);
      byNamespace.set(namespace, { ...byNamespace.get(namespace), [key]: text });
    }
    catalogNamespaces.set(file, [...namespaces]);
  }
  mkdirSync(join(root, 'dist/messages'), { recursive: true });
  for (const [namespace, texts] of byNamespace) write(join(root, 'dist/messages', `${namespace}.en.json`), `${JSON.stringify(texts)}\n`);
}
const deferredCatalogs = {
  name: 'deferred-catalogs',
  setup(b) {
    b.onLoad({ filter: /\/messages\/en\.ts$/ }, (args) => {
      const namespaces = catalogNamespaces.get(args.path);
      if (namespaces === undefined) return undefined;
      const text = readFileSync(args.path, 'utf8');
      const imports = /^import \{ registerCatalog \} from '[./a-z0-9-]+';$/m.exec(text)?.[0];
      const register = /^registerCatalog\(en, (.*)\);$/m.exec(text)?.[1];
      if (imports === undefined || register === undefined) throw new Error(`build: ${args.path}: no registerCatalog(en, …) to defer`);
      return {
        loader: 'ts',
        contents: `${imports}\nimport { readMessages } from 'built-messages';\nregisterCatalog({ namespaces: ${JSON.stringify(namespaces)}, read: readMessages }, ${register});\n`,
      };
    });
    // The one reader every catalog registers (a namespace two areas share is read once).
    b.onResolve({ filter: /^built-messages$/ }, () => ({ path: 'built-messages', namespace: 'built-messages' }));
    b.onLoad({ filter: /.*/, namespace: 'built-messages' }, () => ({
      loader: 'js',
      resolveDir: root,
      contents: `import { readFileSync } from 'node:fs';\nimport { join } from 'node:path';\nexport const readMessages = (namespace) => JSON.parse(readFileSync(join(import.meta.dirname, '../messages', \`\${namespace}.en.json\`), 'utf8'));\n`,
    }));
  },
};
// The agents' ids, read from the registry itself (its modules run here, as the catalogs' do above):
// src/agents/ids.ts is built as these lists, so code that checks an agent's name (the settings, a
// flag) runs none of the agents' modules. From source it is the registry's own export.
const agentIds = await (async () => {
  const out = await build({ ...shared, plugins: [], entryPoints: ['src/agents/registry.ts'], format: 'cjs', write: false });
  const { createRequire } = await import('node:module');
  const ids = runHere(out.outputFiles[0].text, createRequire(import.meta.url)).AGENT_IDS;
  if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => !/^[a-z][a-z0-9-]*$/.test(id)))
    throw new Error('build: the registry exports no AGENT_IDS to write out');
  return ids;
})();
const builtAgentIds = {
  name: 'built-agent-ids',
  setup(b) {
    b.onLoad({ filter: /\/src\/agents\/ids\.ts$/ }, () => ({
      loader: 'ts',
      contents: `export type { AgentId } from './registry.js';\nexport const AGENT_IDS = Object.freeze(${JSON.stringify(agentIds)});\nexport const isAgentId = (id) => AGENT_IDS.includes(id);\n`,
    }));
  },
};
const split = await build({
  ...shared,
  plugins: [...shared.plugins, deferredCatalogs, builtAgentIds],
  entryPoints: { main: 'src/cli/main.ts', index: 'src/index.ts' },
  outdir: 'dist',
  format: 'esm',
  splitting: true,
  chunkNames: 'c-[hash]',
  write: false,
  metafile: true,
  define: { ...shared.define, 'import.meta.dirname': '__dirname' },
  // cosmiconfig can load .ts config files through the TypeScript compiler; we do not offer that
  // (src/settings/), so the 10 MB compiler stays out of the build and is never required.
  external: ['typescript'],
});
const chunkId = (path) => path.slice(path.lastIndexOf('/') + 1).replace(/\.js$/, '');
/** Each chunk as CommonJS: its imports of other chunks `require('./c-X.js')`, its dynamic imports too. */
const toCommonJs = async (code) => {
  const out = await transform(code, {
    format: 'cjs',
    loader: 'js',
    target: 'node20',
    supported: { 'dynamic-import': false },
    minifyWhitespace: true,
  });
  // CommonJS has no import.meta (esbuild would leave an empty object): the code says import.meta.dirname, defined as __dirname.
  if (out.warnings.some((w) => w.text.includes('import.meta'))) throw new Error(`build: import.meta in CommonJS: ${out.warnings[0].text}`);
  return out;
};
// esbuild gives every converted chunk its own copy of the helpers the conversion uses (`var __export=…;`,
// one statement each): each part defines them once instead, and a chunk's identical copy is dropped.
const HELPERS = (
  await toCommonJs(`import x, { y } from './a.js'; import * as z from './b.js'; export default 1; export { x, y, z }; import('./c.js');`)
).code
  .split(/;(?=var )/)
  .filter((statement) => statement.startsWith('var __'))
  .map((statement) => `${statement};`);
// The part's own helpers, two of them without esbuild's copies: a chunk's exports object is its
// module's exports (marked as an ES module's), and a chunk required by another is used as it is, not
// copied export by export at every require (thousands of property definitions at every start).
const PART_HELPERS = HELPERS.map((helper) =>
  helper.startsWith('var __toCommonJS=')
    ? 'var __toCommonJS=mod=>__defProp(mod,"__esModule",{value:true});'
    : helper.startsWith('var __toESM=')
      ? `${helper.replace('var __toESM=', 'var __toESMCopy=')}var __toESM=(mod,isNodeMode)=>mod!=null&&mod.__esModule&&!isNodeMode?mod:__toESMCopy(mod,isNodeMode);`
      : helper,
);
if (PART_HELPERS.join('') === HELPERS.join('')) throw new Error('build: the conversion helpers changed shape (see PART_HELPERS)');
const chunks = new Map();
for (const file of split.outputFiles) {
  let { code } = await toCommonJs(file.text);
  for (const helper of HELPERS) code = code.replace(helper, '');
  // Minified again once the helpers are out (minified, they would merge into one statement).
  ({ code } = await transform(code, { loader: 'js', target: 'node20', minifyWhitespace: true, minifySyntax: true }));
  chunks.set(chunkId(file.path), code);
}
// Short chunk names: a chunk's name is in every reference to what it exports (`import_c_<hash>.name`,
// thousands of them), so `c-<hash>` becomes `c<n>` and its import `$c<n>` (a name esbuild never makes).
const shortName = new Map(
  [...chunks.keys()]
    .filter((id) => id.startsWith('c-'))
    .sort()
    .map((id, i) => [id, `c${i.toString(36)}`]),
);
const renamed = (id) => shortName.get(id) ?? id;
for (const [id, code] of [...chunks]) {
  chunks.delete(id);
  chunks.set(
    renamed(id),
    code
      .replace(/"\.\/(c-[A-Z0-9]+)\.js"/g, (_, chunk) => `"./${renamed(chunk)}.js"`)
      .replace(/\bimport_c_([A-Z0-9]+)\b/g, (_, hash) => `$${renamed(`c-${hash}`)}`),
  );
}
/** Each chunk's modules (the build's map, for tests that look into a run: never shipped). */
const modulesOf = Object.fromEntries(
  Object.entries(split.metafile.outputs).map(([path, out]) => [renamed(chunkId(path)), Object.keys(out.inputs)]),
);
const metaDir = join(root, 'node_modules/.cache/gateway-agent-setup');
mkdirSync(metaDir, { recursive: true });
write(join(metaDir, 'chunks.json'), `${JSON.stringify(modulesOf)}\n`);

/** Writes the parts (`group`: chunk → part) and the first module that knows them. */
async function writeParts(group) {
  rmSync(join(root, 'dist/parts'), { recursive: true, force: true });
  mkdirSync(join(root, 'dist/parts'), { recursive: true });
  const byPart = new Map();
  for (const [id, code] of chunks) {
    const part = group[id];
    if (!byPart.has(part)) byPart.set(part, []);
    byPart.get(part).push(`${JSON.stringify(id)}:function(exports,require,module){${code}}`);
  }
  for (const [part, entries] of byPart) {
    // Wrapped as Node wraps a CommonJS file (src/cli/code-cache.ts compiles it as it is), and in
    // ASCII: read as Latin-1, it becomes V8's one-byte string, without a UTF-8 decode at every start.
    // esbuild escapes strings itself; what it leaves are the regular expressions (and their
    // String.raw parts) that match new-api's Chinese messages, where `\uXXXX` means the same character.
    const text = `(function (exports, require, module, __filename, __dirname) {"use strict";${PART_HELPERS.join('')}module.exports={${entries.join(',\n')}};\n})`;
    write(
      join(root, 'dist/parts', `${part}.cjs`),
      text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    );
  }
  await buildEntry(group);
}
// The first module, CommonJS as well (an ES module entry alone costs a start a quarter of Node's own):
// `--version` and `--help` answered without the parts, and the parts loaded for everything else. It
// carries the map of which part holds each chunk.
async function buildEntry(group) {
  await build({
    ...shared,
    entryPoints: { cli: 'src/cli/entry.ts' },
    outdir: 'dist',
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    define: { ...shared.define, __PARTS__: JSON.stringify(group), 'import.meta.dirname': '__dirname' },
    plugins: [
      {
        // From source the first module imports ./main.ts (and ./main-help.ts) itself; built, those
        // branches are dead (it loads the parts), so their modules are not written out again beside it.
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
}

// First every chunk in a part of its own, to see which chunks the quick commands run; then the parts.
await writeParts(Object.fromEntries([...chunks.keys()].map((id) => [id, id])));
{
  const started = await traceStart();
  const group = {};
  for (const id of chunks.keys()) group[id] = id === 'main' || started.has(id) ? 'start' : (libraryPart(id) ?? 'rest');
  await writeParts(group);
}

/** The chunks `doctor` (no agents) and `models` (a refused connection) read, in an empty home, English. */
async function traceStart() {
  const { mkdtempSync, readFileSync: readText } = await import('node:fs');
  const { spawnSync } = await import('node:child_process');
  const { tmpdir } = await import('node:os');
  const { createServer } = await import('node:net');
  const temp = mkdtempSync(join(tmpdir(), 'gas-build-trace-'));
  try {
    const home = join(temp, 'home');
    mkdirSync(home);
    const log = join(temp, 'read.txt');
    const hook = join(temp, 'hook.cjs');
    const partsDir = join(root, 'dist/parts/');
    write(
      hook,
      `const fs = require('node:fs'); const read = fs.readFileSync; const seen = new Set();
fs.readFileSync = function (file, ...rest) { if (typeof file === 'string' && file.startsWith(${JSON.stringify(partsDir)})) seen.add(file.slice(${partsDir.length}, -4)); return read.call(this, file, ...rest); };
process.on('exit', () => fs.appendFileSync(${JSON.stringify(log)}, [...seen].map((id) => id + '\\n').join('')));\n`,
    );
    const port = await new Promise((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
    });
    const bin = join(root, 'bin/gateway-agent-setup.cjs');
    for (const args of [['doctor'], ['models', '--base-url', `http://127.0.0.1:${port}`]]) {
      spawnSync(process.execPath, ['--require', hook, bin, ...args], {
        env: { PATH: '/usr/bin:/bin', HOME: home, GATEWAY_API_KEY: 'sk-build-trace-not-a-key', NODE_DISABLE_COMPILE_CACHE: '1' },
        cwd: home,
        stdio: 'ignore',
      });
    }
    const seen = new Set(readText(log, 'utf8').split('\n').filter(Boolean));
    if (!seen.has('main')) throw new Error('build: the traced start read no chunk (did the bin run?)');
    return seen;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** A chunk that is mostly one library (20 kB or more): that library's own part, read only by a command that runs it. */
function libraryPart(id) {
  const out = Object.entries(split.metafile.outputs).find(([path]) => renamed(chunkId(path)) === id)?.[1];
  if (out === undefined || out.bytes < 20_000) return undefined;
  const packages = {};
  let library = 0;
  for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
    const path = input.split('/');
    if (path[0] !== 'node_modules') continue;
    const name = path[1].startsWith('@') ? path[2] : path[1];
    packages[name] = (packages[name] ?? 0) + bytesInOutput;
    library += bytesInOutput;
  }
  if (library < out.bytes / 2) return undefined;
  const [top] = Object.entries(packages).sort((a, b) => b[1] - a[1])[0];
  return `lib-${top}`;
}

// The library (package.json `exports`): the first module's `library()` (the parts' `index` chunk),
// as an ES module with named exports.
{
  const { createRequire } = await import('node:module');
  const lib = await createRequire(import.meta.url)('../dist/cli.cjs').library();
  const names = Object.keys(lib).sort();
  write(
    join(root, 'dist/index.js'),
    `import { createRequire } from 'node:module';\nconst lib = await createRequire(import.meta.url)('./cli.cjs').library();\nexport const { ${names.join(', ')} } = lib;\n`,
  );
}

// The library's types (package.json `exports`), declarations only, from the same sources.
{
  const { execFileSync } = await import('node:child_process');
  const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url);
  execFileSync(process.execPath, [tsc.pathname, '-p', new URL('../tsconfig.lib.json', import.meta.url).pathname], { stdio: 'inherit' });
}

// The main help in each language, rendered once by the build just made (no help file yet, so it
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
