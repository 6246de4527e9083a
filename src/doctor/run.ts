// A doctor's round: check every agent asked about (or every installed or configured one), name the
// groups that would sell a model to an agent whose key lists none, and with `fix` repair what is
// broken through setup's own writer, then check again. Each key the agents send is asked for its
// balance and expiry.
import { nowSeconds } from '../core/clock.js';
import { originOf } from '../core/base-url.js';
import { KEY_UNUSABLE } from '../core/errors.js';
import type { DiagnosisCode } from '../core/types.js';
import { AGENTS, type AgentId } from '../agents/registry.js';
import type { AgentEnv, KeyStorage, Scope } from '../agents/types.js';
import type { SetupReport } from '../setup/run.js';
import type { AddressKind, AgentCheck, CheckOptions } from './check.js';
import type { KeyReport } from './key-usage.js';
import type { KeyReplaced, RepairInputs, RepairRun, RepairResult } from './repair.js';

/** The repair's rules, loaded only when there is a finding to weigh. */
type Rules = Pick<typeof import('./repair.js'), 'replacesKey' | 'newKeyVar' | 'repairAgents'>;

async function loadRules(): Promise<Rules> {
  const { replacesKey, newKeyVar, repairAgents } = await import('./repair.js');
  return { replacesKey, newKeyVar, repairAgents };
}

type CheckInputs = Omit<CheckOptions, 'env' | 'http'> & { timeoutMs?: number };

export interface DoctorOptions {
  agents: readonly AgentId[];
  checks: CheckInputs;
  env: AgentEnv;
  /** What a repair may write (the keys and gateway given): what tells whether `--fix` has anything to write. */
  repairs: Omit<RepairInputs, 'scope'> & { keyStorage?: KeyStorage; scope: Scope };
  /** Repair what is broken. */
  fix?: boolean;
  /** One setup run of one agent, for a repair. */
  runSetup(r: RepairRun): Promise<SetupReport>;
  addSecret(secret: string): void;
}

export interface DoctorReport {
  ok: boolean;
  checks: AgentCheck[];
  /** Each key the agents send: its balance, expiry and warning when the gateway tells them. */
  keys: KeyReport[];
  /**
   * The gateways the configured agents use, each with its version when its list told it; `answered`
   * false when no list there got an answer (the agents' findings say why).
   */
  gateways: { root: string; version?: string; answered: boolean }[];
  /** With `fix`. */
  fixed?: AgentId[];
  notFixed?: RepairResult['notFixed'];
  moved?: RepairResult['moved'];
  keysReplaced?: KeyReplaced[];
  /** Key files whose mode was tightened to 0600. */
  tightened?: string[];
  /** When the keys were asked (seconds): what their days left count from. */
  now: number;
  /**
   * Every finding left is the gateway not answering, or turning the calls away for now (its load, a
   * rate limit), where the agents already point: no config `--fix` could write answers it. Run
   * doctor again later.
   */
  gatewayAway?: true;
  /**
   * Every finding left is the gateway away, or the key's or its account's (refused, missing, out of
   * quota, its group denied) with no other key given to write in its place: nothing for `--fix`
   * to rewrite. What they wait on: the gateway, the key, or both (`gatewayAway` is the gateway alone).
   */
  nothingToFix?: { gateway: boolean; key: boolean };
  /**
   * Some of those findings a new key clears: `doctor --fix` writes one exported in `vars` in place of
   * the agent's own, and says so; `baseUrl` when no gateway is given or saved, to name with
   * `--base-url` (a key goes only where it is sent).
   */
  newKey?: { vars: string[]; baseUrl?: string };
}

/** Findings that say the gateway was not reached, or turned the calls away for now (its load, a rate limit). */
const GATEWAY_AWAY: ReadonlySet<DiagnosisCode> = new Set(['unreachable', 'timeout', 'gateway_busy', 'rate_limited']);

type Waits = 'gateway' | 'key' | undefined;

/**
 * What a check waits on when no rewrite could clear its findings (or `findings`): `gateway` when each
 * is the gateway away and no other gateway (given or saved) is there to point the agent at; `key`
 * when each is that or the key's or its account's, and no other key is given to write in its place.
 */
function waitsOn(c: AgentCheck, o: DoctorOptions, rules: Rules, findings = c.findings): Waits {
  const gateway = o.checks.trustedOrigin;
  const elsewhere = gateway !== undefined && originOf(c.root) !== gateway;
  if (elsewhere || findings.length === 0) return undefined;
  if (findings.every((f) => GATEWAY_AWAY.has(f.code))) return 'gateway';
  // Quota is the account's: no config clears it, and a given key is not written over it.
  const owned = findings.every((f) => GATEWAY_AWAY.has(f.code) || f.code === 'quota' || KEY_UNUSABLE.has(f.code));
  return owned && !rules.replacesKey(c, o.repairs) ? 'key' : undefined;
}

async function checkAll(o: DoctorOptions, versions: Map<string, string>, addresses: Map<string, AddressKind>): Promise<AgentCheck[]> {
  const { agentInstalled, checkAgent, checkPredecessor, modelListCache } = await import('./check.js');
  const models = modelListCache(versions, addresses);
  const { timeoutMs, ...rest } = o.checks;
  const opts: CheckOptions = { ...rest, env: o.env, http: { timeoutMs, env: o.env.env } };
  const checks = await Promise.all(o.agents.map((id) => checkAgent(AGENTS[id], opts, models)));
  // A predecessor's file that points at the gateway (kimi-cli's ~/.kimi) is checked beside its agent.
  for (const id of o.agents) {
    if (!AGENTS[id].predecessor) continue;
    const legacy = await checkPredecessor(AGENTS[id], opts, models);
    if (legacy) checks.splice(checks.findIndex((c) => c.id === id) + 1, 0, legacy);
  }
  // An installed agent with no config of its own is worth a line; one neither installed nor configured is not.
  return adviseGroups(
    checks.filter((c) => c.configured || agentInstalled(c)),
    o.checks,
    o.env.env,
  );
}

/**
 * Group advice for each agent whose key lists nothing that suits it: the marketplace (when it
 * answers) names the groups that sell a model that would. One marketplace read per gateway.
 */
async function adviseGroups(
  checks: AgentCheck[],
  inputs: Pick<CheckInputs, 'timeoutMs' | 'markers'>,
  env: Readonly<Record<string, string | undefined>>,
): Promise<AgentCheck[]> {
  const { lacksModels, agentKeyOf } = await import('./check.js');
  // The gateway's client and the advice are loaded only for an agent whose key lists nothing that suits it.
  if (!checks.some((c) => c.root && lacksModels(c))) return checks;
  const [{ fetchSold, fetchKeyUsage }, { groupAdvice }] = await Promise.all([
    import('../gateway/client.js'),
    import('../setup/group-advice.js'),
  ]);
  const sold = new Map<string, ReturnType<typeof fetchSold>>();
  for (const c of checks) {
    const listed = lacksModels(c);
    if (!listed || !c.root) continue;
    if (!sold.has(c.root)) sold.set(c.root, fetchSold({ root: c.root, key: '', timeoutMs: inputs.timeoutMs, env }));
    const market = await sold.get(c.root)!;
    if (!market) continue;
    // The key the agent sends, for its model limits when the gateway tells them.
    const own = agentKeyOf(c);
    const key = own ? await fetchKeyUsage({ root: c.root, key: own, timeoutMs: inputs.timeoutMs, env }).catch(() => undefined) : undefined;
    const advice = groupAdvice(AGENTS[c.id], market, listed, inputs.markers, key);
    if (advice.length > 0) c.groupAdvice = advice;
  }
  return checks;
}

/** Repairs: key files' modes first (nothing to rewrite for them), then each broken agent as a setup run of its own. */
async function repair(o: DoctorOptions, checks: readonly AgentCheck[]) {
  const open = checks.flatMap((c) => c.findings.filter((f) => f.code === 'key_file_open' && f.path !== undefined).map((f) => f.path!));
  // A key file others can read is closed whoever wrote it (kimi-cli's too): its mode, never its text.
  if (open.length > 0) await (await import('./key-files.js')).tightenKeyFiles(open);
  const modeOnly = checks.filter((c) => c.findings.length > 0 && c.findings.every((f) => f.code === 'key_file_open'));
  // A predecessor's file is not ours to rewrite; a config whose gateway is away is not what is
  // wrong. One whose key is still goes through the repair: it says what key it lacks, and where.
  const rules = await loadRules();
  const broken = checks.filter((c) => {
    const rest = c.findings.filter((f) => f.code !== 'key_file_open');
    return c.configured && !c.predecessor && rest.length > 0 && waitsOn(c, o, rules, rest) !== 'gateway';
  });
  const result: RepairResult =
    broken.length > 0
      ? await rules.repairAgents({ env: o.env.env, addSecret: o.addSecret }, broken, o.repairs, o.runSetup)
      : { fixed: [], notFixed: [], moved: [], keys: [] };
  return {
    ...result,
    fixed: [...modeOnly.map((c) => c.id), ...result.fixed],
    tightened: [...new Set(open)],
    again: broken.length + modeOnly.length > 0,
  };
}

/** How a new key would clear the findings a new key clears (refused, missing, its group denied). */
function newKeyFor(found: readonly AgentCheck[], o: DoctorOptions, rules: Rules): Pick<DoctorReport, 'newKey'> {
  const keyed = found.filter((c) => c.findings.some((f) => KEY_UNUSABLE.has(f.code)));
  if (keyed.length === 0) return {};
  const vars = [...new Set(keyed.map((c) => rules.newKeyVar(c, o.repairs)))];
  const root = o.repairs.given === undefined ? keyed.find((c) => c.root !== undefined)?.root : undefined;
  return { newKey: { vars, ...(root !== undefined && { baseUrl: root }) } };
}

/** What the findings left wait on, when no rewrite could clear them. */
async function waiting(
  found: readonly AgentCheck[],
  o: DoctorOptions,
): Promise<Pick<DoctorReport, 'nothingToFix' | 'gatewayAway' | 'newKey'>> {
  const rules = await loadRules();
  const waits = found.map((c) => waitsOn(c, o, rules));
  if (!waits.every((w) => w !== undefined)) return {};
  const key = waits.includes('key');
  // A check waiting on its key may have the gateway away among its findings too.
  const gateway = found.some((c) => c.findings.some((f) => GATEWAY_AWAY.has(f.code)));
  return { nothingToFix: { gateway, key }, ...(!key && { gatewayAway: true }), ...newKeyFor(found, o, rules) };
}

/** Checks (and with `fix` repairs, then checks again) the agents, and reads each key's balance. */
export async function runDoctor(o: DoctorOptions): Promise<DoctorReport> {
  // Each gateway's own version, as its model list answered.
  const versions = new Map<string, string>();
  // What each address is: a provider's own service is no gateway to show a version of, nor to ask a
  // key's balance.
  const addresses = new Map<string, AddressKind>();
  const notGateway = (root: string): boolean => addresses.get(root) === 'service';
  let checks = await checkAll(o, versions, addresses);
  let fixing: Pick<DoctorReport, 'fixed' | 'notFixed' | 'moved' | 'keysReplaced' | 'tightened'> = {};
  if (o.fix) {
    const r = await repair(o, checks);
    fixing = { fixed: r.fixed, notFixed: r.notFixed, moved: r.moved, keysReplaced: r.keys, tightened: r.tightened };
    if (r.again) checks = await checkAll(o, versions, addresses);
  }
  const now = nowSeconds();
  // Keys are asked about only when an agent is configured to send one (the asking loads the client).
  const keys = checks.some((c) => c.configured)
    ? await (
        await import('./key-usage.js')
      ).keyReports(
        checks.filter((c) => c.root === undefined || !notGateway(c.root)),
        { timeoutMs: o.checks.timeoutMs, env: o.env.env },
        now,
      )
    : [];
  const roots = [...new Set(checks.flatMap((c) => (c.root && c.configured && !c.notGateway && !notGateway(c.root) ? [c.root] : [])))];
  const found = checks.filter((c) => c.findings.length > 0);
  return {
    ok: found.length === 0,
    ...(found.length > 0 && (await waiting(found, o))),
    checks,
    keys,
    gateways: roots.map((root) => ({
      root,
      ...(versions.has(root) && { version: versions.get(root) }),
      answered: addresses.get(root) !== 'silent',
    })),
    ...fixing,
    now,
  };
}
