// The project settings file a team commits into a repository. A cloned repository is somebody
// else's text, so it is read as data only and never as code: we walk the directories ourselves and
// hand cosmiconfig's JSON loader and our bounded YAML parser the bytes we read (cosmiconfig's own search would first
// read a "meta" config from the working directory with its JavaScript loaders, and would let that
// file redirect the search). The walk stops at the repository's root and never climbs above HOME.
// fs.promises, not node:fs/promises: Node loads it when first used, not at every start that imports this.
import { createReadStream, promises as fs, statSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { sha256Hex } from '../core/builtins.js';
import { errorText, JobError, ParseError, UsageError } from '../core/errors.js';
import { msg } from '../i18n/index.js';

const MODULE_NAME = 'gateway-agent-setup';
/** Larger than any settings file: one over it is refused before it is read. */
const MAX_FILE = 1024 * 1024;

/** The places read as data, in the order cosmiconfig gives them. */
const DATA_PLACES = ['package.json', `.${MODULE_NAME}rc`, `.${MODULE_NAME}rc.json`, `.${MODULE_NAME}rc.yaml`, `.${MODULE_NAME}rc.yml`];

/** Places cosmiconfig would have run as code: found only to be refused with a clear message. */
const CODE_PLACES = ['js', 'cjs', 'mjs', 'ts', 'cts', 'mts'].flatMap((ext) => [
  `.${MODULE_NAME}rc.${ext}`,
  `${MODULE_NAME}.config.${ext}`,
  join('.config', `${MODULE_NAME}rc.${ext}`),
]);

export interface ProjectFile {
  file: string;
  /** The parsed content (for package.json: its `gateway-agent-setup` key). */
  config: unknown;
  /** SHA-256 of the file's bytes as read, hex: what `trust` records. */
  hash: string;
}

/** Whether `p` is `dir` or inside it. */
function within(p: string, dir: string): boolean {
  const rel = relative(dir, p);
  // Another drive (Windows) gives an absolute path back: not inside.
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The directories searched, nearest first: from `cwd` up to the repository's root (the nearest
 * folder holding `.git`, a directory or a worktree's file). Outside any repository only `cwd`
 * itself is searched: a folder above is nobody's project in particular. Never above HOME when the
 * working directory is inside it.
 */
function searchDirs(cwd: string, home: string): string[] {
  const start = resolve(cwd);
  const top = resolve(home);
  const inHome = within(start, top);
  const dirs: string[] = [];
  for (let dir = start; ; dir = dirname(dir)) {
    dirs.push(dir);
    const git = statOf(join(dir, '.git'));
    // As git's safe.directory: a `.git` someone else owns (in a shared /tmp, say) makes no
    // repository of the folders above us; only the working directory is searched then.
    if (git) return ownedByUs(git.uid) ? dirs : [start];
    if ((inHome && dir === top) || dirname(dir) === dir) return [start];
  }
}

/**
 * A place's facts, undefined when there is nothing there (or it cannot be seen). Asked synchronously:
 * a search asks some 25 places where almost all are absent, and each asked through the thread pool
 * costs a round trip of the event loop, a few ms in all at every start.
 */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Whether a file's owner is the user running us (always, where owners are not POSIX uids). */
function ownedByUs(uid: number): boolean {
  return typeof process.getuid !== 'function' || uid === process.getuid();
}

/** Whether the file's text holds `needle`, read in chunks (a large file is never held whole). */
async function mentions(file: string, needle: string): Promise<boolean> {
  let tail = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
    const text = tail + (chunk as string);
    if (text.includes(needle)) return true;
    tail = text.slice(-needle.length);
  }
  return false;
}

/**
 * A JSON file through cosmiconfig's JSON loader, loaded only when one is found (most runs find none).
 * One it cannot parse is reported at its line and column, as a YAML file is (the loader's own error
 * is a code frame printed twice).
 */
async function loadJson(file: string, content: string): Promise<unknown> {
  const mod = (await import('cosmiconfig')) as typeof import('cosmiconfig') & { default?: typeof import('cosmiconfig') };
  try {
    return (mod.default?.defaultLoaders ?? mod.defaultLoaders)['.json'](file, content);
  } catch (err) {
    (await import('../config/parse-json.js')).parseJson(content, true, file);
    throw err;
  }
}

function refuseCode(file: string): never {
  throw new UsageError(msg('settings.code_file', { file }), msg('settings.code_file_hint', { name: MODULE_NAME }));
}

/**
 * The project settings file that applies in `cwd`, or undefined. A FIFO or device named like one
 * would block a read forever: refused. A file that would be code is refused, never run.
 */
export async function findProjectFile(cwd: string, home: string): Promise<ProjectFile | undefined> {
  for (const dir of searchDirs(cwd, home)) {
    // The folder normalised once and each place added to it, as join would: a place is a plain
    // relative path (no `.` or `..`), and some 25 joins a folder make V8 optimise Node's path
    // normaliser on a background thread the exit then waits for.
    const base = join(dir, sep);
    for (const place of CODE_PLACES) {
      if (statOf(base + place)?.isFile()) refuseCode(base + place);
    }
    for (const place of DATA_PLACES) {
      const file = base + place;
      const info = statOf(file);
      // A file someone else owns is theirs, not this project's settings for us.
      if (!info || info.isDirectory() || !ownedByUs(info.uid)) continue;
      if (!info.isFile()) throw new JobError(msg('cfg.not_regular', { file }), msg('cfg.not_regular_hint'));
      if (info.size > MAX_FILE) {
        // A large package.json is fine when it says nothing of us: only our key would be read.
        if (place === 'package.json' && !(await mentions(file, `"${MODULE_NAME}"`))) continue;
        throw new UsageError(
          msg('settings.too_large', { file, kib: Math.ceil(info.size / 1024), max: MAX_FILE / 1024 }),
          msg('settings.too_large_hint', { name: MODULE_NAME }),
        );
      }
      const bytes = await fs.readFile(file);
      const content = bytes.toString('utf8');
      // Most folders' package.json says nothing of us: passed over without loading a JSON parser.
      if (place === 'package.json' && !content.includes(`"${MODULE_NAME}"`)) continue;
      // An empty file is no settings at all, as cosmiconfig treats it.
      if (content.trim() === '') continue;
      let config: unknown;
      try {
        // YAML (and JSON, which YAML reads) through our own parser: nesting and aliases bounded, the
        // place of an error named.
        config = place.endsWith('.json')
          ? await loadJson(file, content)
          : (await import('../config/parse.js')).parseConfig(content, 'yaml', file);
      } catch (err) {
        // A parse error names its file, line and column; any other is given its file here.
        const detail = err instanceof ParseError ? errorText(err) : msg('settings.load_detail', { file, detail: errorText(err) });
        throw new UsageError(msg('settings.load_failed', { detail }));
      }
      if (place === 'package.json') {
        const own = config && typeof config === 'object' ? (config as Record<string, unknown>)[MODULE_NAME] : undefined;
        if (own === undefined) continue;
        config = own;
      }
      // A document with no value (`null`, YAML comments only) is no settings either.
      if (config === undefined || config === null) continue;
      return { file, config, hash: sha256Hex(bytes) };
    }
  }
  return undefined;
}
