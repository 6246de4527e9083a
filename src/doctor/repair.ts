// `doctor --fix`'s repair: each broken agent's config rewritten by a setup run of that agent alone
// (the same safe writer: backups, atomic writes, verified before and after). What it decides here:
// which key the agent keeps, which model it keeps, and when it moves to another; the run itself is
// handed in, so the command line can make it interruptible.
import type { AgentId } from '../agents/registry.js';
import type { KeyStorage, Scope } from '../agents/types.js';
import { normalizeBaseUrl, originOf } from '../core/base-url.js';
import { BIN } from '../core/bin.js';
import { CancelledError, KEY_UNUSABLE, ToolError } from '../core/errors.js';
import { maskKey } from '../core/mask.js';
import { shellWord } from '../core/shell-word.js';
import { msg, type Message } from '../i18n/index.js';
import type { SetupReport } from '../setup/run.js';
import { agentKeyOf, agentKeyVarOf, type AgentCheck } from './check.js';

/** A key doctor --fix wrote into an agent in place of its own (missing or refused): always said. */
export interface KeyReplaced {
  id: AgentId;
  /** The agent's own key, masked; undefined when it had none. */
  from?: string;
  to: string;
  var: string;
}

/** One setup run of one agent, as the repair asks for it. */
export interface RepairRun {
  agent: AgentId;
  root: string;
  v1: string;
  key: string;
  keyEnvVar: string;
  /** The models to keep (main and small); undefined: the best ones. */
  models?: ReadonlyMap<AgentId, string>;
  smallModels?: ReadonlyMap<AgentId, string>;
  /** Models not to choose: the kept one that failed its own probe. */
  avoid?: ReadonlyMap<AgentId, ReadonlySet<string>>;
  scope: Scope;
  keyStorage: KeyStorage;
}

export interface RepairInputs {
  scope: Scope;
  gatewayKey?: string;
  keyEnv: string;
  /** Agents with a key of their own: theirs replaces a missing or refused key, not the default one. */
  gatewayKeys: ReadonlyMap<AgentId, string>;
  agentKeyEnv: ReadonlyMap<AgentId, string>;
  /** The base URL given (flag, GATEWAY_BASE_URL) or saved; else the one the agent's config holds. */
  given?: { root: string; v1: string };
  keyStorage?: KeyStorage;
}

/** Whether a repair would write the given key in place of the agent's own (missing or unusable). */
export function replacesKey(c: AgentCheck, o: RepairInputs): boolean {
  return repairTarget(c, o).replaceKey;
}

/** The variable a repair takes the agent's new key from. */
export function newKeyVar(c: AgentCheck, o: Pick<RepairInputs, 'agentKeyEnv' | 'keyEnv'>): string {
  return o.agentKeyEnv.get(c.id) ?? o.keyEnv;
}

export interface RepairResult {
  fixed: AgentId[];
  notFixed: { id: AgentId; reason: Message }[];
  moved: { id: AgentId; from: string; to: string; code: string }[];
  keys: KeyReplaced[];
}

/** Which gateway and key a repair writes for an agent, and whether that key replaces the agent's own. */
function repairTarget(c: AgentCheck, o: RepairInputs) {
  const url = o.given ?? (c.root ? normalizeBaseUrl(c.root) : undefined);
  const ownVarOf = o.agentKeyEnv.get(c.id);
  // A key goes only to the gateway it was given for: the given keys to the given gateway, the
  // config's own key to the host that config named.
  const gatewayKey = o.given === undefined ? undefined : ownVarOf !== undefined ? o.gatewayKeys.get(c.id) : o.gatewayKey;
  const gatewayVar = newKeyVar(c, o);
  // The agent keeps the key it uses: GATEWAY_API_KEY may belong to another agent's group. Only a
  // key that is missing or unusable (KEY_UNUSABLE) is replaced by the given one, and the report says so.
  const held = agentKeyOf(c) || undefined;
  const own = held !== undefined && url !== undefined && c.root !== undefined && originOf(c.root) === originOf(url.root) ? held : undefined;
  const ownBroken = own === undefined || c.findings.some((f) => KEY_UNUSABLE.has(f.code));
  const replaceKey = gatewayKey !== undefined && ownBroken && own !== gatewayKey;
  return { url, key: replaceKey ? gatewayKey : (own ?? gatewayKey), gatewayVar, own, replaceKey };
}

/**
 * One agent repaired: its kept models first; when the kept model fails its own probe, the best
 * model that passes one, said as a move. What went wrong is the agent's own reason, never setup's.
 */
async function repairOne(
  host: { readonly env: Readonly<Record<string, string | undefined>> },
  c: AgentCheck,
  o: RepairInputs,
  t: ReturnType<typeof repairTarget> & { url: { root: string; v1: string }; key: string },
  run: (r: RepairRun) => Promise<SetupReport>,
  out: RepairResult,
): Promise<void> {
  // Without a gateway key, the agent's own key is written back where the agent found it: a
  // variable the user exports stays the reference (env storage), anything else is stored.
  const keyVar = agentKeyVarOf(c);
  const ownVar = t.replaceKey || keyVar?.via === 'named' ? undefined : keyVar?.name;
  const keyEnvVar = ownVar ?? t.gatewayVar;
  const attempt = (keep: boolean) =>
    run({
      agent: c.id,
      root: t.url.root,
      v1: t.url.v1,
      key: t.key,
      keyEnvVar,
      models: keep && c.usableModel ? new Map([[c.id, c.usableModel]]) : undefined,
      smallModels: keep && c.usableSmallModel ? new Map([[c.id, c.usableSmallModel]]) : undefined,
      ...(!keep && c.usableModel ? { avoid: new Map([[c.id, new Set([c.usableModel])]]) } : {}),
      scope: o.scope,
      // A key the config held in its file stays there: a repair never takes a key out. Env
      // storage needs the variable set now, or the repaired config would find no key.
      keyStorage:
        ownVar || (!(t.own !== undefined && !t.replaceKey) && o.keyStorage === 'env' && host.env[keyEnvVar]?.trim()) ? 'env' : 'file',
    });
  let report = await attempt(true);
  let a = report.agents[0];
  // The model kept fails its own probe: move to the best model that passes one, and say so.
  const failedProbe = a?.probe && !a.probe.ok ? a.probe : undefined;
  if (failedProbe && c.usableModel) {
    try {
      report = await attempt(false);
      a = report.agents[0];
      if (a?.ok && a.model) out.moved.push({ id: c.id, from: c.usableModel, to: a.model, code: failedProbe.diagnosis?.code ?? 'error' });
    } catch (err) {
      // No other model suits: the kept model's own failure is the reason to show.
      if (!(err instanceof ToolError) || err instanceof CancelledError) throw err;
    }
  }
  if (a?.ok && t.replaceKey)
    out.keys.push({ id: c.id, from: t.own === undefined ? undefined : maskKey(t.own), to: maskKey(t.key), var: t.gatewayVar });
  if (a?.ok) out.fixed.push(c.id);
  // A failed probe's own cause, not setup's advice to use --force (doctor does not take it).
  else
    out.notFixed.push({
      id: c.id,
      reason:
        a?.probe?.diagnosis?.message ??
        failedProbe?.diagnosis?.message ??
        a?.verify?.diagnosis?.message ??
        a?.skipped ??
        msg('doctor.setup_failed'),
    });
}

/**
 * Rewrites each broken agent's config: its current models (main and small) when still usable, else
 * the best ones. The key: the gateway key, else the one the agent's own config holds.
 */
export async function repairAgents(
  host: { readonly env: Readonly<Record<string, string | undefined>>; addSecret(secret: string): void },
  broken: readonly AgentCheck[],
  o: RepairInputs,
  run: (r: RepairRun) => Promise<SetupReport>,
): Promise<RepairResult> {
  const out: RepairResult = { fixed: [], notFixed: [], moved: [], keys: [] };
  for (const c of broken) {
    const t = repairTarget(c, o);
    const { url, key } = t;
    if (!url) {
      out.notFixed.push({ id: c.id, reason: msg('doctor.no_base_url') });
      continue;
    }
    if (!key) {
      // A key was given, but for no gateway named here: it goes to the host the config names only when told so.
      const unbound = o.given === undefined && (o.agentKeyEnv.has(c.id) ? o.gatewayKeys.has(c.id) : o.gatewayKey !== undefined);
      const host = originOf(url.root) ?? url.root;
      out.notFixed.push({
        id: c.id,
        reason: unbound
          ? msg('doctor.key_not_for_host', { var: t.gatewayVar, host, word: shellWord(host), bin: BIN })
          : msg('doctor.no_key', { var: t.gatewayVar }),
      });
      continue;
    }
    host.addSecret(key);
    try {
      await repairOne(host, c, o, { ...t, url, key }, run, out);
    } catch (err) {
      if (!(err instanceof ToolError) || err instanceof CancelledError) throw err;
      out.notFixed.push({ id: c.id, reason: err.hint ? msg('doctor.error_hint', { message: err.text, hint: err.hint }) : err.text });
    }
  }
  return out;
}
