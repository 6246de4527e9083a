// The command that starts this tool where the user stands, for advice that names a next command:
// `gateway-agent-setup` is on PATH only after a global install or `npm link`; run through npx it
// is `npx gateway-agent-setup`, and in a clone of the repository it is `node bin/…`.
import { pathFor } from '../agents/paths.js';
import { shellWord } from '../core/shell-word.js';
import type { CliContext } from './context.js';
import { BIN } from './help.js';

export interface InvocationFacts {
  /** The script node runs (process.argv[1]). */
  script?: string;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  platform: NodeJS.Platform;
  /** `gateway-agent-setup` is found on PATH. */
  onPath: boolean;
}

const NPX = `npx ${BIN}`;

export function invocation(f: InvocationFacts): string {
  // npm sets npm_command for the commands it runs: `exec` for npx and `npm exec`.
  if (f.env['npm_command'] === 'exec') return NPX;
  const script = f.script;
  const parts = script === undefined ? [] : script.split(/[\\/]/);
  // npx's cache: ~/.npm/_npx/<hash>/node_modules/gateway-agent-setup/…
  if (parts.includes('_npx')) return NPX;
  if (f.onPath) return BIN;
  // Installed in a project but not on PATH: npx finds it in node_modules/.bin.
  if (parts.includes('node_modules')) return NPX;
  if (script === undefined) return BIN;
  const p = pathFor(f.platform);
  const relative = p.relative(f.cwd, script);
  const shown = relative === '' || relative.startsWith('..') || p.isAbsolute(relative) ? script : relative;
  // A path with spaces is quoted the way both POSIX shells and cmd.exe read it.
  return `node ${/\s/.test(shown) ? `"${shown}"` : shown}`;
}

/** The command that starts this tool from where the user stands, looking for it on PATH. */
export async function invocationHere(ctx: Pick<CliContext, 'home' | 'env' | 'cwd' | 'platform' | 'script'>): Promise<string> {
  const { findOnPath } = await import('../agents/detect.js');
  const onPath = (await findOnPath(BIN, { home: ctx.home, env: ctx.env, cwd: ctx.cwd, platform: ctx.platform })) !== undefined;
  return invocation({ script: ctx.script, env: ctx.env, cwd: ctx.cwd, platform: ctx.platform, onPath });
}

/**
 * The arguments of this run, to give again once the cause is fixed, each quoted for a shell; a key
 * given as `--api-key` is left out (it belongs in the environment, never in a command to copy).
 * `added` (the failure's own advice, such as the variable holding the key to send) goes before
 * the arguments for the agent.
 */
export function againArgs(argv: readonly string[], added: readonly string[] = []): { args: string; keyLeftOut: boolean } {
  const out: string[] = [];
  let keyLeftOut = false;
  let forAgent: readonly string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      forAgent = argv.slice(i);
      break;
    }
    if (arg === '--api-key' || arg.startsWith('--api-key=')) {
      keyLeftOut = true;
      if (arg === '--api-key') i++;
      continue;
    }
    out.push(shellWord(arg));
  }
  out.push(...[...added, ...forAgent].map(shellWord));
  return { args: out.join(' '), keyLeftOut };
}
