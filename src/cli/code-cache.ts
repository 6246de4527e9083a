// The built command line is a few CommonJS files (parts, each a table of chunks); this loads them
// with V8's code cache. Compiling the bytes a command needs is most of a start on Node 20 (which has
// no `module.enableCompileCache`), and the cache V8 writes after a run lets the next run of that
// command skip it. The cache is ours alone:
// a folder in the temp folder that this user owns and nobody else can write (anything else is not
// used), one file per build, Node release and command, written atomically. Any failure here only
// means a slower start: the file is then compiled as any other. `NODE_DISABLE_COMPILE_CACHE`, Node's
// own switch for its cache, turns it off.
import { closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { isAscii } from 'node:buffer';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** How Node wraps a CommonJS file's text into a function. */
export const WRAPPER = '(function (exports, require, module, __filename, __dirname) {';

export interface CachedModule<T> {
  readonly exports: T;
  /** V8 took its compiled code from the cache. */
  readonly fromCache: boolean;
  /**
   * Writes the cache for this command when there was none, V8 refused it, or this run ran code the
   * cache was not made from: `ran` names what it ran (for a part, the chunks it required), and the
   * cache records what its runs ran so far. Call once the run is over.
   */
  save(ran?: readonly string[]): void;
}

/**
 * A cache file is one line naming what it was made from (`covers c1,c2,…`), then V8's data. A run
 * that stopped early (a usage error, a gateway that refused the connection) saves a cache of the
 * little it ran; the first later run that goes further saves it again, now with that code too
 * (V8 writes what the run had compiled: what it took from the cache and what it compiled since).
 * Without that, every later run would compile the rest of the command again.
 */
const COVERS = 'covers ';

function readCache(file: string): { data: Buffer; covers: ReadonlySet<string> } | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const end = bytes.indexOf(0x0a);
  // A file without the line (an older build's, or garbage) is no cache: it is written again.
  if (end === -1 || bytes.toString('latin1', 0, COVERS.length) !== COVERS) return undefined;
  const covers = new Set(bytes.toString('latin1', COVERS.length, end).trimEnd().split(',').filter(Boolean));
  return { data: bytes.subarray(end + 1), covers };
}

/** The cache folder: created private, used only when it is a folder this user owns that no one else may write. */
function cacheDir(env: Readonly<Record<string, string | undefined>>, temp: string): string | undefined {
  if (env['NODE_DISABLE_COMPILE_CACHE']) return undefined;
  const uid = process.getuid?.();
  const dir = join(temp, `gateway-agent-setup-v8-${uid ?? 'user'}`);
  try {
    // Made by an earlier run almost always: asked first, as a failed mkdir costs an error object.
    const st = lstatSync(dir, { throwIfNoEntry: false }) ?? (makeDir(dir), lstatSync(dir));
    if (!st.isDirectory()) return undefined;
    if (uid !== undefined && (st.uid !== uid || (st.mode & 0o022) !== 0)) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

function makeDir(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch {
    // Made by another run just now, or not makeable: the caller checks what is there.
  }
}

export interface CacheOptions {
  /** The build's name: a cache from another build is never read (V8 itself checks only the Node release and the length). */
  build: string;
  /** What the cache is for (a command): each holds the code its runs compiled. None: no cache. */
  name: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** The temp folder the cache's folder is made in (default: the system's). */
  temp?: string;
  /** Runs a compile from the cache, or the making of one, under the flags V8 started with (./wasm-tier.ts). */
  withDefaults?: <T>(fn: () => T) => T;
  /** Told each part as it is loaded (compiled, not yet run), by its name. */
  onLoad?: (part: string) => void;
}

/**
 * Runs the CommonJS file at `file` as Node would (its own `require`, `module`, `__filename`) and
 * returns its exports, using the cached code when V8 accepts it.
 */
export function loadCached<T>(
  file: string,
  { build, name, env, temp = tmpdir(), withDefaults = (fn) => fn() }: CacheOptions,
): CachedModule<T> {
  // The build writes it in ASCII: Latin-1 then reads it without decoding (and means the same).
  const bytes = readFileSync(file);
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const dir = name === undefined ? undefined : cacheDir(env, temp);
  const cacheFile = dir === undefined ? undefined : join(dir, `${build}-${process.version}-${process.arch}-${name}.bin`);
  const cached = cacheFile === undefined ? undefined : readCache(cacheFile);
  const cachedData = cached?.data;
  // The build writes its parts wrapped already: V8 then compiles the text as read, not a copy of it.
  const script = withDefaults(
    () =>
      new Script(source.startsWith(WRAPPER) ? source : `${WRAPPER}${source}\n})`, {
        filename: file,
        ...(cachedData !== undefined && { cachedData }),
      }),
  );
  const mod = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void)(mod.exports, builtins, mod, file, dirname(file));
  const stale = cachedData === undefined || script.cachedDataRejected === true;
  return {
    exports: mod.exports,
    fromCache: !stale,
    save(ran = []) {
      // A cache V8 refused covers nothing: the one written now is made from this run alone.
      const covers = stale ? new Set<string>() : (cached?.covers ?? new Set<string>());
      const more = ran.filter((id) => !covers.has(id));
      if ((!stale && more.length === 0) || dir === undefined || cacheFile === undefined) return;
      try {
        // Padded to a multiple of 8 bytes: V8 copies cached data that does not start aligned.
        const line = `${COVERS}${[...covers, ...more].join(',')}`;
        const header = Buffer.from(`${line.padEnd(Math.ceil((line.length + 1) / 8) * 8 - 1)}\n`, 'latin1');
        writeCache(dir, cacheFile, build, Buffer.concat([header, withDefaults(() => script.createCachedData())]));
      } catch {
        // A full disk or a folder gone: the next run compiles again.
      }
    },
  };
}

function writeCache(dir: string, cacheFile: string, build: string, data: Buffer): void {
  const temp = `${cacheFile}.${process.pid}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, cacheFile);
  // Other builds' caches (and their writers' leftovers) are never read again; the folder is ours alone.
  for (const entry of readdirSync(dir)) {
    if (!entry.startsWith(`${build}-`)) rmSync(join(dir, entry), { force: true });
  }
}

/**
 * What a part requires besides its chunks: Node's own modules (everything else is in the parts).
 * This module's own require (CommonJS when built, the test runner's from source), not one made by
 * node:module's createRequire: loading node:module loads Node's ES module loader with it.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the require of this module, see above
const builtins = (id: string): unknown => require(id);

/** A chunk of the built command line, as the build wrote it into its part: CommonJS without a file of its own. */
type Chunk = (exports: object, require: (id: string) => unknown, module: { exports: object }) => void;

export interface Parts {
  /** The exports of a chunk, run on first use (as Node runs a module once). */
  require<T>(id: string): T;
  /** Writes the caches of the parts this run loaded (see `CachedModule.save`). */
  save(): void;
}

/**
 * The built command line, loaded a part at a time: `parts` maps each chunk to the part file (in
 * `dir`) that holds it, and a part is read when a chunk in it is first required. A chunk requires
 * another by its file name (`./c-X.js`), the way the ES modules it came from imported each other;
 * anything else it requires is Node's. The cache is one per command and part (`name-part`).
 */
export function loadParts(dir: string, parts: Readonly<Record<string, string>>, options: CacheOptions): Parts {
  const loaded = new Map<string, CachedModule<Record<string, Chunk>>>();
  const modules = new Map<string, { exports: object }>();
  const requireChunk = <T>(id: string): T => {
    const done = modules.get(id);
    if (done !== undefined) return done.exports as T;
    const part = parts[id];
    if (part === undefined) throw new Error(`no chunk ${id} in this build`);
    let table = loaded.get(part);
    if (table === undefined) {
      table = loadCached<Record<string, Chunk>>(join(dir, `${part}.cjs`), {
        ...options,
        name: options.name === undefined ? undefined : `${options.name}-${part}`,
      });
      loaded.set(part, table);
      options.onLoad?.(part);
    }
    const run = table.exports[id];
    if (run === undefined) throw new Error(`no chunk ${id} in ${part}.cjs`);
    const mod = { exports: {} };
    // Registered before it runs: a chunk that requires one still running gets its exports so far, as in Node.
    modules.set(id, mod);
    run(mod.exports, requireFrom, mod);
    return mod.exports as T;
  };
  const requireFrom = (spec: string): unknown => {
    const id = /^\.\/([\w-]+)\.js$/.exec(spec)?.[1];
    return id !== undefined && parts[id] !== undefined ? requireChunk(id) : builtins(spec);
  };
  return {
    require: requireChunk,
    save() {
      for (const [name, part] of loaded) part.save([...modules.keys()].filter((id) => parts[id] === name));
    },
  };
}
