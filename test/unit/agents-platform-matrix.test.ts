// Every agent × fixture again for Windows and macOS, on this Linux machine. The platform is
// an input of the agent modules (path.win32 for Windows), so the same plan is computed for a home
// like C:\Users\李雷 and applied with the real editors. The files land where each agent looks on
// that platform, and their contents are the very same as on Linux: CRLF files keep CRLF, a BOM
// is kept, and a second run changes nothing.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiKeyHelperCommand } from '../../src/agents/claude-code/index.js';
import { AGENTS, type AgentId } from '../../src/agents/registry.js';
import type { AgentEnv, KeyStorage } from '../../src/agents/types.js';
import { editText, parseConfig } from '../../src/config/index.js';
import type { FileFormat } from '../../src/config/types.js';
import { PROTOCOL_PATHS, type Protocol } from '../../src/core/types.js';
import { FIXTURES } from '../fixtures/agents/index.js';
import { KEY, ROOT, choice } from './agents-helpers.js';
import { inEnglish } from '../helpers/english.js';

const PLATFORMS: Record<'linux' | 'darwin' | 'win32', AgentEnv> = {
  linux: { home: '/home/李雷', env: {}, cwd: '/home/李雷/app', platform: 'linux' },
  darwin: { home: '/Users/李雷', env: {}, cwd: '/Users/李雷/app', platform: 'darwin' },
  win32: {
    home: 'C:\\Users\\李雷',
    env: { USERPROFILE: 'C:\\Users\\李雷', APPDATA: 'C:\\Users\\李雷\\AppData\\Roaming' },
    cwd: 'C:\\Users\\李雷\\app',
    platform: 'win32',
  },
};

interface Case {
  agent: AgentId;
  protocol: Protocol;
  model: string;
  /** The lived-in files, relative to the home (forward slashes), and their texts. */
  lived: Readonly<Record<string, string>>;
  /** Where the agent reads its main config, relative to the home. */
  main: string;
  /** Files elsewhere on a platform (the fixture's `onPlatform`). */
  onPlatform?: Partial<Record<NodeJS.Platform, Readonly<Record<string, string>>>>;
}

// Every agent with its fixtures (test/fixtures/agents/<id>/), in the first protocol it is tried in.
const CASES: Case[] = FIXTURES.map((f) => ({
  agent: f.id,
  protocol: f.protocols[0] ?? 'chat',
  model: f.model,
  lived: f.texts,
  main: f.main,
  ...(f.onPlatform && { onPlatform: f.onPlatform }),
}));

/** Home-relative path (always with /) → absolute path on the platform. */
const at = (env: AgentEnv, rel: string): string =>
  env.platform === 'win32' ? path.win32.join(env.home, ...rel.split('/')) : path.posix.join(env.home, rel);
/** The Linux home-relative path of a case's file → where it is on the platform. */
let current: Case | undefined;
const on = (env: AgentEnv, rel: string): string => at(env, current?.onPlatform?.[env.platform]?.[rel] ?? rel);
/** A platform's home-relative path back to its Linux one, so the contents can be compared. */
const linuxRel = (c: Case, platform: NodeJS.Platform, rel: string): string =>
  Object.entries(c.onPlatform?.[platform] ?? {}).find(([, there]) => there === rel)?.[0] ?? rel;
const relativeTo = (env: AgentEnv, abs: string): string =>
  (env.platform === 'win32' ? path.win32.relative(env.home, abs).split('\\') : path.posix.relative(env.home, abs).split('/')).join('/');

type Start = 'none' | 'lived-in' | 'lived-in, CRLF + BOM';
const toCrlf = (text: string): string => `\ufeff${text.replace(/\r?\n/g, '\r\n')}`;

/** Runs the agent's plan on `start` and applies it with the real editors; home-relative texts. */
function setUp(
  c: Case,
  env: AgentEnv,
  start: Start,
  keyStorage: KeyStorage,
  texts?: Map<string, string | undefined>,
): Map<string, string | undefined> {
  const agent = AGENTS[c.agent];
  const files =
    texts ??
    new Map<string, string | undefined>(
      start === 'none' ? [] : Object.entries(c.lived).map(([rel, t]) => [on(env, rel), start === 'lived-in' ? t : toCrlf(t)]),
    );
  const formats = new Map<string, FileFormat>(agent.files(env, 'user').map((f) => [f.path, f.format]));
  const parsed = (): Map<string, unknown> =>
    new Map(
      [...formats].map(([p, format]) => {
        const t = files.get(p);
        return [p, t === undefined ? undefined : parseConfig(t, format, p)] as const;
      }),
    );
  const plan = agent.plan(env, choice({ model: c.model, protocol: c.protocol, keyStorage }), parsed());
  for (const fe of plan.edits) files.set(fe.path, editText(files.get(fe.path), fe.format, fe.edits, fe.path, fe.template));
  const after = plan.exportVar ? { ...env, env: { ...env.env, [plan.exportVar]: KEY } } : env;
  const request = inEnglish(agent.readBack(after, 'user', parsed()));
  if (typeof request === 'string') throw new Error(request);
  expect(request.url).toBe(`${ROOT}${PROTOCOL_PATHS[c.protocol]}`);
  expect(request.key).toBe(KEY);
  return files;
}

const byRelative = (env: AgentEnv, files: Map<string, string | undefined>): Record<string, string | undefined> =>
  Object.fromEntries([...files].map(([p, t]) => [relativeTo(env, p), t]).sort());

const matrix = CASES.flatMap((c) =>
  (['darwin', 'win32'] as const).flatMap((platform) =>
    (['none', 'lived-in', 'lived-in, CRLF + BOM'] as const).flatMap((start) =>
      (['file', 'env'] as const).map((keyStorage) => ({ c, platform, start, keyStorage })),
    ),
  ),
);

describe.each(matrix)('$c.agent on $platform, $start, $keyStorage storage', ({ c, platform, start, keyStorage }) => {
  it('writes where the agent looks on that platform, the same contents as on Linux, and is idempotent', () => {
    current = c;
    const env = { ...PLATFORMS[platform], env: { ...PLATFORMS[platform].env, ...(keyStorage === 'env' && { GATEWAY_API_KEY: KEY }) } };
    const linux = { ...PLATFORMS.linux, env: keyStorage === 'env' ? { GATEWAY_API_KEY: KEY } : {} };
    const files = setUp(c, env, start, keyStorage);

    // Paths: under the platform's home, in its own separators (no / in a Windows path).
    const paths = [...files.keys()];
    expect(paths).toContain(
      on(env, c.main === '.config/opencode/opencode.jsonc' && start === 'none' ? '.config/opencode/opencode.json' : c.main),
    );
    for (const p of paths) {
      expect(p.startsWith(env.home)).toBe(true);
      if (platform === 'win32') expect(p).not.toContain('/');
    }

    // Contents: the Linux result, line endings and BOM aside.
    const reference = byRelative(linux, setUp(c, linux, start === 'none' ? 'none' : 'lived-in', keyStorage));
    // The one intended difference: Claude Code's apiKeyHelper is a cmd.exe command on Windows.
    const helper = (p: NodeJS.Platform): string => JSON.stringify(apiKeyHelperCommand('GATEWAY_API_KEY', p)).slice(1, -1);
    const ours = Object.fromEntries(
      Object.entries(byRelative(env, files)).map(([rel, t]) => [linuxRel(c, platform, rel), t?.replace(helper(platform), helper('linux'))]),
    );
    expect(Object.keys(ours)).toEqual(Object.keys(reference));
    for (const [rel, text] of Object.entries(ours)) {
      const expected = reference[rel] ?? '';
      if (start === 'lived-in, CRLF + BOM' && Object.keys(c.lived).includes(rel)) {
        expect(text?.startsWith('\ufeff'), `${rel} keeps its BOM`).toBe(true);
        expect(text?.replace(/\r\n/g, ''), `${rel}: no lone LF`).not.toContain('\n');
        expect(text?.slice(1).replace(/\r\n/g, '\n')).toBe(expected);
      } else {
        expect(text, rel).toBe(expected);
      }
    }

    // Unknown keys and comments survive: every comment line of the lived-in file is still there,
    // and so is every top-level key it had.
    if (start !== 'none') {
      const formats = new Map(AGENTS[c.agent].files(env, 'user').map((f) => [f.path, f.format]));
      for (const [rel, before] of Object.entries(c.lived)) {
        const after = files.get(on(env, rel)) ?? '';
        const comments = before
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter((l) => l.startsWith('#') || l.startsWith('//'));
        for (const comment of comments) expect(after, `${rel} keeps ${comment}`).toContain(comment);
        const format = formats.get(on(env, rel));
        if (format === undefined) continue;
        const keys = Object.keys(parseConfig(before, format, rel) as object);
        expect(Object.keys(parseConfig(after, format, rel) as object)).toEqual(expect.arrayContaining(keys));
      }
    }

    // A second run changes nothing.
    const again = setUp(c, env, start, keyStorage, new Map(files));
    expect(byRelative(env, again)).toEqual(byRelative(env, files));
  });
});
