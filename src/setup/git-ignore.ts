// A project file we put the key in must be one git ignores, or `git add -A` commits the key. Git
// itself answers whether a path is ignored (`git check-ignore`: every .gitignore, info/exclude and
// core.excludesFile, with their precedence); a path it does not ignore gets a line in the
// repository's own `info/exclude`, which is never committed and changes nothing for the team.
// Without a git binary the repository is found by its `.git` and the line is added unless an
// identical one is already there (a duplicate rule is harmless; a missing one commits the key).
import { appendFile, mkdir, readFile, stat } from 'node:fs/promises';
import type { AgentEnv } from '../agents/types.js';
import { pathFor } from '../agents/paths.js';
import { JobError } from '../core/errors.js';
import { runGit } from '../core/git.js';
import { msg } from '../i18n/index.js';

export type GitIgnoreState =
  /** Ignored already; `rule` is git's `source:line:pattern` when git told. */
  | { file: string; state: 'ignored'; rule?: string }
  /** Not ignored: a line for it goes (or, in a dry run, would go) into `exclude`. */
  | { file: string; state: 'exclude'; exclude: string; line: string }
  /** Not inside a git repository. */
  | { file: string; state: 'no_repo' };

/** A path relative to the repository root as an anchored gitignore pattern, special characters escaped. */
function excludeLine(relative: string): string {
  const escaped = relative
    .split(/[\\/]/)
    .join('/')
    .replace(/([*?[\\!#])/g, '\\$1')
    .replace(/ $/, '\\ ');
  return `/${escaped}`;
}

async function git(args: string[], env: AgentEnv): Promise<{ code: number | undefined; out: string; missing: boolean }> {
  const r = await runGit(args, env.cwd, env.env);
  return { code: r.exitCode, out: r.stdout, missing: r.notFound };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Without git: the repository's root and its exclude file, found by walking up to a `.git`. */
async function findRepoByHand(env: AgentEnv): Promise<{ top: string; exclude: string } | undefined> {
  const p = pathFor(env.platform);
  for (let dir = env.cwd; ; dir = p.dirname(dir)) {
    const dotGit = p.join(dir, '.git');
    const info = await stat(dotGit).catch(() => undefined);
    if (info?.isDirectory()) return { top: dir, exclude: p.join(dotGit, 'info', 'exclude') };
    if (info?.isFile()) {
      // A worktree or submodule: `.git` names the git directory; worktrees share the common one's exclude.
      const gitdir = /^gitdir:\s*(.+)$/m.exec(await readFile(dotGit, 'utf8'))?.[1]?.trim();
      if (gitdir === undefined) return undefined;
      const resolved = p.resolve(dir, gitdir);
      const common = await readFile(p.join(resolved, 'commondir'), 'utf8').then(
        (t) => p.resolve(resolved, t.trim()),
        () => resolved,
      );
      return { top: dir, exclude: p.join(common, 'info', 'exclude') };
    }
    if (p.dirname(dir) === dir) return undefined;
  }
}

/** What git makes of each file (absolute paths under env.cwd). Throws when a rule explicitly un-ignores one. */
export async function gitIgnoreStates(files: readonly string[], env: AgentEnv): Promise<GitIgnoreState[]> {
  if (files.length === 0) return [];
  const p = pathFor(env.platform);
  const top = await git(['rev-parse', '--show-toplevel'], env);
  if (top.missing) {
    const repo = await findRepoByHand(env);
    if (!repo) return files.map((file) => ({ file, state: 'no_repo' as const }));
    const present = new Set((await readFile(repo.exclude, 'utf8').catch(() => '')).split(/\r?\n/).map((l) => l.trim()));
    return files.map((file) => {
      const line = excludeLine(p.relative(repo.top, file));
      return present.has(line) ? { file, state: 'ignored' as const } : { file, state: 'exclude' as const, exclude: repo.exclude, line };
    });
  }
  if (top.code !== 0) return files.map((file) => ({ file, state: 'no_repo' as const }));
  const root = top.out.trim();
  const excludeRel = (await git(['rev-parse', '--git-path', 'info/exclude'], env)).out.trim();
  const exclude = p.resolve(env.cwd, excludeRel);
  const states: GitIgnoreState[] = [];
  for (const file of files) {
    // --no-index: the rules alone decide (a tracked file is refused before this).
    const r = await git(['check-ignore', '-v', '--no-index', '--', p.relative(env.cwd, file)], env);
    const rule = /^(.*?:\d+:)(.*)\t/.exec(r.out);
    if (r.code === 0 && rule) {
      const [, where = '', pattern = ''] = rule;
      if (pattern.startsWith('!')) {
        // The user's own rule says to keep this file in git: writing the key there would commit it.
        throw new JobError(msg('setup.git_unignored', { file, rule: `${where}${pattern}` }), msg('setup.git_unignored_hint'));
      }
      states.push({ file, state: 'ignored', rule: `${where}${pattern}` });
    } else if (r.code === 0) {
      states.push({ file, state: 'ignored' });
    } else {
      states.push({ file, state: 'exclude', exclude, line: excludeLine(p.relative(root, file)) });
    }
  }
  return states;
}

/** Adds the exclude lines the states call for (each once), keeping the file's last line whole. */
export async function applyExcludes(states: readonly GitIgnoreState[], platform: NodeJS.Platform): Promise<void> {
  const p = pathFor(platform);
  const byFile = new Map<string, string[]>();
  for (const s of states) {
    if (s.state !== 'exclude') continue;
    const lines = byFile.get(s.exclude) ?? [];
    if (!lines.includes(s.line)) lines.push(s.line);
    byFile.set(s.exclude, lines);
  }
  for (const [exclude, lines] of byFile) {
    await mkdir(p.dirname(exclude), { recursive: true });
    const before = (await exists(exclude)) ? await readFile(exclude, 'utf8') : '';
    const present = new Set(before.split(/\r?\n/).map((l) => l.trim()));
    const missing = lines.filter((l) => !present.has(l));
    if (missing.length === 0) continue;
    const lead = before === '' || before.endsWith('\n') ? '' : '\n';
    await appendFile(exclude, `${lead}# gateway-agent-setup: holds an API key\n${missing.join('\n')}\n`);
  }
}
