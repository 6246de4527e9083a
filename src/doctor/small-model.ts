// The small/fast model some agents send their background calls to (Claude Code's haiku model,
// OpenCode's `small_model`): a model missing there breaks the agent in the background while the
// main request passes (landscape.md, complaint 4). Rather than teach the doctor each agent's
// config rules a second time, the agent's own readBack is reused on a copy of its files in which
// the small-model setting stands in for the main one: the request that comes out is the one the
// agent sends for its background calls (URL, header and key included).
import type { Agent, AgentEnv, AgentRequest, CurrentFiles, Scope } from '../agents/types.js';
import { isMessage, msg, type Message } from '../i18n/index.js';

interface SmallSetting {
  /** The setting's name, for messages. */
  name(current: CurrentFiles, env: AgentEnv): string;
  /** Whether the setting is set anywhere the agent reads it. */
  isSet(current: CurrentFiles, env: AgentEnv): boolean;
  /** The files and environment with the small-model setting moved into the main one. */
  swap(current: CurrentFiles, env: AgentEnv): { current: CurrentFiles; env: AgentEnv };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Copies of each parsed file with `move(doc)` applied to a shallow clone. */
function mapDocs(current: CurrentFiles, move: (doc: Record<string, unknown>) => Record<string, unknown>): CurrentFiles {
  return new Map([...current].map(([path, doc]) => [path, isRecord(doc) ? move({ ...doc }) : doc]));
}

const CLAUDE_MAIN = 'ANTHROPIC_MODEL';
const CLAUDE_OLD = 'ANTHROPIC_SMALL_FAST_MODEL';
const CLAUDE_HAIKU = 'ANTHROPIC_DEFAULT_HAIKU_MODEL';

function claudeHas(current: CurrentFiles, env: AgentEnv, name: string): boolean {
  const inFiles = [...current.values()].some((doc) => isRecord(doc) && isRecord(doc['env']) && typeof doc['env'][name] === 'string');
  return inFiles || env.env[name] !== undefined;
}

/** Claude Code reads the deprecated name first whenever it is set anywhere (shell or any settings layer). */
function claudeName(current: CurrentFiles, env: AgentEnv): string {
  return claudeHas(current, env, CLAUDE_OLD) ? CLAUDE_OLD : CLAUDE_HAIKU;
}

const SMALL: Partial<Record<Agent['id'], SmallSetting>> = {
  'claude-code': {
    name: claudeName,
    isSet: (current, env) => claudeHas(current, env, claudeName(current, env)),
    swap(current, env) {
      const name = claudeName(current, env);
      const swapIn = (vars: Record<string, unknown>): Record<string, unknown> => {
        const out = { ...vars };
        delete out[CLAUDE_MAIN];
        if (vars[name] !== undefined) out[CLAUDE_MAIN] = vars[name];
        return out;
      };
      return {
        current: mapDocs(current, (doc) => (isRecord(doc['env']) ? { ...doc, env: swapIn(doc['env']) } : doc)),
        env: { ...env, env: swapIn(env.env) as Record<string, string | undefined> },
      };
    },
  },
  opencode: {
    name: () => 'small_model',
    isSet: (current) => [...current.values()].some((doc) => isRecord(doc) && doc['small_model'] !== undefined),
    swap(current, env) {
      return {
        current: mapDocs(current, (doc) => {
          const { model: _main, small_model: small, ...rest } = doc;
          return small === undefined ? rest : { ...rest, model: small };
        }),
        env,
      };
    },
  },
};

/**
 * The request the agent sends with its small/fast model, when it has one set and it differs from
 * the main model; a string when one is set but no request can be made of it (OpenCode's
 * `small_model` naming an undefined provider); undefined otherwise (no such setting, none set).
 */
export function smallModelRequest(
  agent: Agent,
  env: AgentEnv,
  scope: Scope,
  current: CurrentFiles,
  main: AgentRequest,
): { request: AgentRequest; setting: string } | Message | undefined {
  const small = SMALL[agent.id];
  // Not set: the agent uses its main model (or its own default) for background calls.
  if (!small || !small.isSet(current, env)) return undefined;
  const swapped = small.swap(current, env);
  const request = agent.readBack(swapped.env, scope, swapped.current);
  const setting = small.name(current, env);
  if (isMessage(request)) return msg('doctor.labelled', { label: setting, message: request });
  if (request.model === main.model) return undefined;
  return { request, setting };
}
