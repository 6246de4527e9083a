// `doctor`: check every agent configured or installed on this machine, whoever wrote its config;
// `doctor --fix` repairs through the same safe writer as setup (backups, atomic writes).
import { givenOf } from '../given.js';
import { AGENTS, SUPPORTED_AGENT_IDS, type AgentId } from '../../agents/registry.js';
import { UsageError } from '../../core/errors.js';
import { commas, msg, type Message } from '../../i18n/index.js';
import type { AgentCheck, CheckOptions } from '../../doctor/check.js';
import { flag, GATEWAY_OPTIONS, str, type OptionTable, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { BASE_URL_ENV, DEFAULT_KEY_ENV, keyEnvFlags, resolveBaseUrl } from '../../settings/gateway.js';
import { print, printJson, versionText } from '../output.js';
import { VERIFIED_NEW_API } from '../../gateway/version.js';
import { wrap } from '../../core/layout.js';
import { escapeControls, painter } from '../../core/terminal.js';
import { cut } from '../../core/layout.js';
import type { KeyReport } from '../../doctor/key-usage.js';
import type { KeyReplaced, RepairRun } from '../../doctor/repair.js';
import { usageFacts, usageWarning } from '../../gateway/key-usage.js';
import { profileAgents, profileSaved } from '../../settings/profiles.js';
import { loadSaved, savedMarkers, withSavedDefaults } from '../../settings/saved.js';
import { adviceLines } from '../setup-report.js';
import { agentEnv, notePathEntries, setupInputs, setupOptionsFrom } from '../../settings/setup-inputs.js';

export const options: OptionTable = {
  ...GATEWAY_OPTIONS,
  agent: { type: 'string', value: 'ID', multiple: true, description: msg('help.opt.agent_check') },
  scope: { type: 'string', value: 'user|project', choices: ['user', 'project'], description: msg('help.opt.scope_check') },
  fix: { type: 'boolean', description: msg('help.opt.fix') },
  // doctor never asks; `--yes` is accepted because people type it by habit in CI (`doctor --fix --yes`).
  yes: { type: 'boolean', short: 'y', description: msg('help.opt.yes_noop') },
  json: { type: 'boolean', description: msg('help.opt.json') },
  profile: { type: 'string', value: 'NAME', description: msg('help.opt.doctor_profile') },
};

export const help: CommandHelp = {
  summary: msg('help.summary.doctor'),
  usage: `${BIN} doctor [--fix] [--agent ID…] [--profile NAME] [--json]`,
  details: [
    msg('help.detail.doctor.checks'),
    msg('help.detail.doctor.not_gateway'),
    msg('help.detail.doctor.output'),
    msg('help.detail.doctor.profile'),
  ],
  examples: [`${BIN} doctor`, `${BIN} doctor --fix`, `${BIN} doctor --profile work --fix`],
};

type CheckInputs = Omit<CheckOptions, 'env' | 'http'> & { timeoutMs?: number };

async function checkAll(
  ctx: CliContext,
  ids: readonly AgentId[],
  inputs: CheckInputs,
  versions?: Map<string, string>,
): Promise<AgentCheck[]> {
  const { agentInstalled, checkAgent, modelListCache } = await import('../../doctor/check.js');
  const env = agentEnv(ctx);
  const models = modelListCache(versions);
  const { timeoutMs, ...rest } = inputs;
  const opts: CheckOptions = { ...rest, env, http: { timeoutMs, env: ctx.env } };
  const checks = await Promise.all(ids.map((id) => checkAgent(AGENTS[id], opts, models)));
  // An installed agent with no config of its own is worth a line; one neither installed nor configured is not.
  return checks.filter((c) => c.configured || agentInstalled(c));
}

/**
 * Group advice for each agent whose key lists nothing that suits it: the marketplace (when it
 * answers) names the groups that sell a model that would. One marketplace read per gateway.
 */
async function adviseGroups(ctx: CliContext, checks: AgentCheck[], inputs: CheckInputs): Promise<AgentCheck[]> {
  const [{ lacksModels, agentKeyOf }, { fetchSold, fetchKeyUsage }, { groupAdvice }] = await Promise.all([
    import('../../doctor/check.js'),
    import('../../gateway/client.js'),
    import('../../setup/group-advice.js'),
  ]);
  const sold = new Map<string, ReturnType<typeof fetchSold>>();
  for (const c of checks) {
    const listed = lacksModels(c);
    if (!listed || !c.root) continue;
    if (!sold.has(c.root)) sold.set(c.root, fetchSold({ root: c.root, key: '', timeoutMs: inputs.timeoutMs, env: ctx.env }));
    const market = await sold.get(c.root)!;
    if (!market) continue;
    // The key the agent sends, for its model limits when the gateway tells them.
    const own = agentKeyOf(c);
    const key = own
      ? await fetchKeyUsage({ root: c.root, key: own, timeoutMs: inputs.timeoutMs, env: ctx.env }).catch(() => undefined)
      : undefined;
    const advice = groupAdvice(AGENTS[c.id], market, listed, inputs.markers, key);
    if (advice.length > 0) c.groupAdvice = advice;
  }
  return checks;
}

function agentLines(ctx: CliContext, c: AgentCheck): string[] {
  const paint = painter(ctx);
  const t = ctx.t;
  const file = c.file === undefined ? '' : typeof c.file === 'string' ? c.file : t(c.file);
  const where = file ? `  ${file.startsWith(ctx.home + '/') ? `~${file.slice(ctx.home.length)}` : file}` : '';
  if (!c.configured) return wrap(t('doctor.not_configured', { agent: c.name, bin: BIN, id: c.id }));
  if (c.notGateway)
    return [t('doctor.not_gateway', { agent: c.name }), ...wrap(t('doctor.to_use', { reason: c.notGateway, bin: BIN, id: c.id }), 4)];
  if (c.findings.length === 0) {
    const ok = {
      model: c.request?.model ?? '?',
      protocol: c.request?.protocol ?? '?',
      url: c.request?.url ?? '?',
      id: c.passedRequestId ?? '?',
    };
    return [`${paint('green', '✓')} ${c.name}${where}`, ...wrap(t('doctor.ok', ok), 4)];
  }
  return [
    `${paint('red', '✗')} ${c.name}${where}`,
    ...c.findings.flatMap((f) => [
      ...wrap(
        t(f.requestId ? 'doctor.finding_id' : 'doctor.finding', {
          code: f.code,
          message: f.message,
          status: f.status !== undefined ? ` (HTTP ${f.status})` : '',
          id: f.requestId ?? '',
        }),
        4,
      ),
      ...wrap(t('core.fix', { fix: f.fix }), 6),
    ]),
    ...(c.groupAdvice && c.root ? adviceLines(ctx, c.id, c.groupAdvice, c.root, 4) : []),
  ];
}

/** A key's line: its balance and expiry (the token name escaped: it is the gateway's text), and its warning. */
function keyLines(ctx: CliContext, k: KeyReport, now: number): string[] {
  const t = ctx.t;
  const agents = commas(k.agents.map((id) => AGENTS[id].name));
  if (k.refused) return wrap(t('usage.refused', { key: k.key, agents }), 2);
  if (k.unanswered) return wrap(t('usage.no_answer', { key: k.key, agents, why: k.unanswered.message }), 2);
  if (!k.usage) return wrap(t('usage.not_told', { key: k.key, agents }), 2);
  const name =
    k.usage.name !== undefined && k.usage.name !== '' ? JSON.stringify(escapeControls(cut(k.usage.name, 40))) : t('usage.unnamed');
  const facts = usageFacts(k.usage, now)
    .map((m) => t(m))
    .join(t('wizard.sep'));
  const warning = usageWarning(k.key, k.usage, now);
  return [
    ...wrap(t('usage.line', { key: k.key, name, agents, facts }), 2),
    ...(warning ? wrap(`${painter(ctx)('yellow', '!')} ${t(warning)}`, 4) : []),
  ];
}

/** A key in `doctor --json`: the masked key, its agents, and what the gateway tells (null where it does not). */
function keyJson(k: KeyReport, now: number): Record<string, unknown> {
  const u = k.usage;
  const warning = u ? usageWarning(k.key, u, now) : undefined;
  return {
    key: k.key,
    root: k.root,
    agents: k.agents,
    told: u !== undefined,
    ...(k.refused && { refused: true }),
    ...(k.unanswered && { unanswered: { code: k.unanswered.code, message: k.unanswered.message } }),
    ...(u && {
      name: u.name ?? null,
      unlimited: u.unlimited,
      grantedUsd: u.grantedUsd ?? null,
      usedUsd: u.usedUsd,
      availableUsd: u.availableUsd ?? null,
      expiresAt: u.expiresAt > 0 ? new Date(u.expiresAt * 1000).toISOString() : null,
      daysLeft: k.daysLeft ?? null,
      state: k.state,
      ...(u.modelLimits && { modelLimits: u.modelLimits }),
      ...(warning && { warning }),
    }),
  };
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  await notePathEntries(ctx);
  const all = await loadSaved(ctx);
  // With --profile, that profile's settings stand in for the saved top level, and its agents are the ones checked.
  const profile = str(args.values, 'profile');
  const saved = profile === undefined ? all : profileSaved(all, profile);
  const profileIds = profile === undefined ? [] : profileAgents(all, profile);
  const given = givenOf(args.values);
  if (profile !== undefined && profileIds.length === 0 && given.agents === undefined) {
    throw new UsageError(msg('profiles.no_agents', { name: profile }), msg('profiles.no_agents_hint', { bin: BIN, name: profile }));
  }
  const flags =
    profile !== undefined && given.baseUrl === undefined && saved.settings.baseUrl ? { ...given, baseUrl: saved.settings.baseUrl } : given;
  // Doctor checks the agents it is told to, or every installed one: a saved agent list is not its input.
  const values = withSavedDefaults(
    ctx,
    flags,
    { ...saved.settings, agents: undefined },
    {
      ...saved,
      // The key storage matters only to a repair.
      withheld: saved.withheld?.filter((w) => w.field !== 'agents' && (w.field !== 'keyStorage' || flag(args.values, 'fix'))),
    },
  );
  const only: readonly string[] = values.agents ?? [];
  for (const id of only)
    if (!SUPPORTED_AGENT_IDS.includes(id as AgentId))
      throw new UsageError(msg('doctor.bad_agent', { id }), msg('doctor.bad_agent_hint', { agents: commas(SUPPORTED_AGENT_IDS) }));
  const ids = only.length > 0 ? (only as AgentId[]) : profileIds.length > 0 ? profileIds : SUPPORTED_AGENT_IDS;
  const scope = values.scope ?? 'user';
  // The key's variable: the flag, the saved one (when saved for this gateway), GATEWAY_API_KEY — the
  // first that is set now; never one the saved settings bind to another gateway.
  const flagged = keyEnvFlags(given);
  const named = keyEnvFlags(values);
  const elsewhere = values.keyElsewhere;
  const candidates = [named.plain, DEFAULT_KEY_ENV].filter((v): v is string => v !== undefined && elsewhere?.name !== v);
  const keyEnv = candidates.find((name) => ctx.env[name]?.trim()) ?? candidates[0] ?? DEFAULT_KEY_ENV;
  const gatewayKey = values.apiKey ?? (candidates.includes(keyEnv) ? ctx.env[keyEnv]?.trim() : undefined);
  if (gatewayKey) ctx.addSecret(gatewayKey);
  // Each agent's own key variable (the flag, else the one saved for this gateway): that agent's gateway key.
  const agentKeyEnv = new Map<AgentId, string>();
  for (const id of SUPPORTED_AGENT_IDS) {
    const name = named.perAgent.get(id);
    if (name !== undefined) agentKeyEnv.set(id, name);
  }
  const gatewayKeys = new Map<AgentId, string>();
  for (const [id, name] of agentKeyEnv) {
    const key = ctx.env[name]?.trim();
    if (key) {
      ctx.addSecret(key);
      gatewayKeys.set(id, key);
    } else if (flagged.perAgent.has(id) && (only.length === 0 || only.includes(id))) {
      throw new UsageError(msg('keys.unset', { agent: id, var: name }), msg('keys.unset_hint', { agent: id, var: name }));
    }
  }
  // The base URL given (flag, GATEWAY_BASE_URL) or saved: the one a repair writes. Validated up front.
  const url = values.baseUrl !== undefined || ctx.env[BASE_URL_ENV] !== undefined ? resolveBaseUrl(ctx, values) : undefined;
  const timeoutMs = values.timeoutSeconds === undefined ? undefined : Math.round(values.timeoutSeconds * 1000);
  const inputs: CheckInputs = {
    scope,
    gatewayKey,
    ...(gatewayKeys.size > 0 ? { gatewayKeys } : {}),
    timeoutMs,
    markers: savedMarkers(saved.settings),
    // An agent the user set up or asked about is expected to use the gateway: a config that does not is a finding.
    intended: new Set<AgentId>([...(saved.settings.agents ?? []), ...profileIds, ...(only as AgentId[])]),
    gatewayHost: url ? new URL(url.root).host : undefined,
    trustedOrigin: url ? new URL(url.root).origin : undefined,
  };

  // Each gateway's own version, as its model list answered.
  const versions = new Map<string, string>();
  let checks = await adviseGroups(ctx, await checkAll(ctx, ids, inputs, versions), inputs);
  let fixed: AgentId[] = [];
  let notFixed: { id: AgentId; reason: Message }[] = [];
  let moved: { id: AgentId; from: string; to: string; code: string }[] = [];
  let keys: KeyReplaced[] = [];
  const tightened: string[] = [];
  const fixing = flag(args.values, 'fix');
  if (fixing) {
    // A key file others may read is fixed by its mode alone: nothing to rewrite for it.
    const open = checks.flatMap((c) => c.findings.filter((f) => f.code === 'key_file_open' && f.path !== undefined).map((f) => f.path!));
    if (open.length > 0) {
      const { tightenKeyFiles } = await import('../../doctor/key-files.js');
      await tightenKeyFiles(open);
      tightened.push(...new Set(open));
    }
    const modeOnly = checks.filter((c) => c.findings.length > 0 && c.findings.every((f) => f.code === 'key_file_open'));
    const broken = checks.filter((c) => c.configured && c.findings.some((f) => f.code !== 'key_file_open'));
    if (broken.length > 0) {
      const setup = await setupInputs(ctx, given, true, profile);
      const [{ repairAgents }, { runSetup }, { guardInterrupt }] = await Promise.all([
        import('../../doctor/repair.js'),
        import('../../setup/run.js'),
        import('../interrupt.js'),
      ]);
      // Each repair is a setup run of one agent, interruptible as setup is (Ctrl-C puts files back).
      const attempt = (r: RepairRun) =>
        guardInterrupt(ctx, (onProgress) =>
          runSetup(
            setupOptionsFrom(
              ctx,
              setup,
              { root: r.root, v1: r.v1, key: r.key, keyEnvVar: r.keyEnvVar, timeoutMs },
              {
                onProgress,
                agents: [r.agent],
                command: 'doctor --fix',
                pinSaved: false,
                models: r.models,
                smallModels: r.smallModels,
                ...(r.avoid && { avoid: r.avoid }),
                scope: r.scope,
                keyStorage: r.keyStorage,
              },
            ),
          ),
        );
      ({ fixed, notFixed, moved, keys } = await repairAgents(
        ctx,
        broken,
        { scope, gatewayKey, keyEnv, gatewayKeys, agentKeyEnv, given: url, keyStorage: saved.settings.keyStorage },
        attempt,
      ));
    }
    fixed = [...modeOnly.map((c) => c.id), ...fixed];
    if (broken.length > 0 || modeOnly.length > 0) checks = await adviseGroups(ctx, await checkAll(ctx, ids, inputs, versions), inputs);
  }
  const ok = checks.every((c) => c.findings.length === 0);
  const { keyReports } = await import('../../doctor/key-usage.js');
  const now = Date.now() / 1000;
  const keyList = await keyReports(checks, { timeoutMs, env: ctx.env }, now);
  const roots = [...new Set(checks.flatMap((c) => (c.root && c.configured && !c.notGateway ? [c.root] : [])))];
  if (ctx.json) {
    printJson(ctx, {
      ok,
      ...(profile !== undefined ? { profile } : {}),
      ...(fixing ? { fixed, notFixed, moved, keysReplaced: keys, tightened } : {}),
      agents: checks.map((c) => ({
        id: c.id,
        configured: c.configured,
        ...(c.notGateway ? { notGateway: c.notGateway } : {}),
        file: c.file,
        model: c.request?.model,
        url: c.request?.url,
        requestId: c.passedRequestId,
        findings: c.findings,
        ...(c.groupAdvice ? { groupAdvice: c.groupAdvice } : {}),
      })),
      keys: keyList.map((k) => keyJson(k, now)),
      gateways: roots.map((root) => ({ root, version: versions.get(root) ?? null })),
      verifiedVersions: [...VERIFIED_NEW_API],
    });
  } else {
    const t = ctx.t;
    const lines = checks.length === 0 ? [t('doctor.none_here')] : checks.flatMap((c) => agentLines(ctx, c));
    if (keyList.length > 0) lines.push('', t('usage.heading'), ...keyList.flatMap((k) => keyLines(ctx, k, now)));
    if (roots.length > 0)
      lines.push('', t('doctor.gateways'), ...roots.flatMap((root) => wrap(`${root}: ${versionText(t, versions.get(root))}`, 2)));
    for (const k of keys)
      lines.push(
        '',
        ...wrap(
          t(k.from ? 'doctor.key_replaced' : 'doctor.key_given', { agent: AGENTS[k.id].name, from: k.from ?? '', to: k.to, var: k.var }),
        ),
      );
    for (const m of moved) lines.push('', ...wrap(t('doctor.moved', { agent: AGENTS[m.id].name, from: m.from, to: m.to, code: m.code })));
    for (const file of tightened) lines.push('', ...wrap(t('doctor.tightened', { file })));
    if (fixed.length > 0) lines.push('', ...wrap(t('doctor.repaired', { agents: commas(fixed.map((id) => AGENTS[id].name)), bin: BIN })));
    for (const n of notFixed) lines.push('', ...wrap(t('doctor.not_repaired', { agent: AGENTS[n.id].name, reason: n.reason })));
    lines.push('', ...wrap(ok ? t('doctor.no_findings') : fixing ? t('doctor.remain_fixing') : t('doctor.remain', { bin: BIN })));
    print(ctx, lines);
  }
  return ok ? 0 : 1;
}
