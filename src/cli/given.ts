// The flags of a run turned into what settings and the library take: the one place below which no
// flag's name is known. Values are checked by settings (a script passes them the same way).
import { UsageError } from '../core/errors.js';
import type { Given } from '../settings/given.js';
import type { AgentId } from '../agents/registry.js';
import type { KeyStorage, Scope } from '../agents/types.js';
import { msg } from '../i18n/index.js';
import { BIN } from '../core/bin.js';
import { flag, list, num, str, type ParsedValues } from './args.js';

/** Each value of a repeatable flag, as given. */
function each(values: ParsedValues, name: string): string[] {
  const v = values[name];
  return typeof v === 'string' ? [v] : Array.isArray(v) ? v : [];
}

/** `--api-key-env VAR` (the last one counts) and `--api-key-env AGENT=VAR`. */
function keyEnvs(values: ParsedValues): Pick<Given, 'keyEnv' | 'agentKeyEnvs'> {
  let keyEnv: string | undefined;
  const own: Record<string, string> = {};
  for (const one of each(values, 'api-key-env')) {
    const eq = one.indexOf('=');
    if (eq === -1) keyEnv = one;
    else own[one.slice(0, eq)] = one.slice(eq + 1);
  }
  return {
    ...(keyEnv !== undefined && { keyEnv }),
    ...(Object.keys(own).length > 0 && { agentKeyEnvs: own as Partial<Record<AgentId, string>> }),
  };
}

/** `--model ID` for every agent, `--model AGENT=ID` for one, each in the order given. */
function models(values: ParsedValues): Given['models'] {
  const out: Record<string, string[]> = {};
  for (const one of each(values, 'model')) {
    const eq = one.indexOf('=');
    const agent = eq === -1 ? '*' : one.slice(0, eq);
    (out[agent] ??= []).push(eq === -1 ? one : one.slice(eq + 1));
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The link's source: `--import -` (only stdin: an argument stays in shell history) or `--import-env NAME`. */
function importFrom(values: ParsedValues): Pick<Given, 'importStdin' | 'importEnv'> {
  const from = str(values, 'import');
  if (from !== undefined && from !== '-') throw new UsageError(msg('import.dash_only'), msg('import.in_argument_hint', { bin: BIN }));
  const env = str(values, 'import-env');
  return { ...(from !== undefined && { importStdin: true }), ...(env !== undefined && { importEnv: env }) };
}

/** What the flags give of a run; a flag not given is absent. */
export function givenOf(values: ParsedValues): Given {
  const agents = list(values, 'agent');
  const chosen = models(values);
  const entries: Given = {
    baseUrl: str(values, 'base-url'),
    apiKey: str(values, 'api-key'),
    ...keyEnvs(values),
    timeoutSeconds: num(values, 'timeout'),
    ...importFrom(values),
    ...(agents.length > 0 && { agents: agents as AgentId[] }),
    ...(chosen && { models: chosen }),
    smallModel: str(values, 'small-model'),
    scope: str(values, 'scope') as Scope | undefined,
    keyStorage: str(values, 'key-storage') as KeyStorage | undefined,
    ...(flag(values, 'dry-run') && { dryRun: true }),
    ...(flag(values, 'force') && { force: true }),
    ...(flag(values, 'no-verify') && { verify: false }),
    ...(str(values, 'verify') === 'agent' && { verifyByAgent: true }),
    concurrency: num(values, 'concurrency'),
    ...(flag(values, 'upgrade') && { upgrade: true }),
  };
  // Absent, not undefined: "given" is a key being there.
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined)) as Given;
}
