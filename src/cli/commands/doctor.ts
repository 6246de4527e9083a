// `doctor`: check every agent configured or installed on this machine, whoever wrote its config;
// `doctor --fix` repairs through the same safe writer as setup (src/doctor/, the library's doctor).
import { givenOf } from '../given.js';
import { commas, msg } from '../../i18n/index.js';
import type { AgentCheck } from '../../doctor/check.js';
import { flag, GATEWAY_OPTIONS, str, type OptionTable, type ParsedArgs } from '../args.js';
import { hostOf, type CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { print, printJson, versionText, tildify } from '../output.js';
import { VERIFIED_NEW_API } from '../../gateway/version.js';
import { cut, wrap } from '../../core/layout.js';
import { escapeControls, painter } from '../../core/terminal.js';
import { shellWord } from '../../core/shell-word.js';
import type { KeyReport } from '../../doctor/key-usage.js';
import type { DoctorReport } from '../../doctor/run.js';
import type { AgentId } from '../../agents/registry.js';

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

/** Group advice's lines (setup's report renders them): loaded only when an agent has advice. */
type AdviceLines = typeof import('../setup-report.js').adviceLines;

function agentLines(ctx: CliContext, c: AgentCheck, adviceLines: AdviceLines | undefined): string[] {
  const paint = painter(ctx);
  const t = ctx.t;
  const file = c.file === undefined ? '' : typeof c.file === 'string' ? c.file : t(c.file);
  const where = file ? `  ${tildify(ctx, file)}` : '';
  if (!c.configured) return wrap(t('doctor.not_configured', { agent: c.name, bin: BIN, id: c.id }));
  if (c.notGateway)
    return [t('doctor.not_gateway', { agent: c.name }), ...wrap(t('doctor.to_use', { reason: c.notGateway, bin: BIN, id: c.id }), 4)];
  if (c.findings.length === 0) {
    const model = c.request?.model ?? '?';
    const why = c.request?.modelDefault;
    const ok = {
      // A model the agent picks itself (none in its config) says so: an update may change it.
      model: why ? msg('doctor.default_model_label', { model, why }) : model,
      protocol: c.request?.protocol ?? '?',
      url: c.request?.url ?? '?',
      id: c.passedRequestId ?? '?',
    };
    // The gateway answered the request its config makes; that version reading it is not proven.
    if (c.unproven)
      return [
        `${paint('yellow', '!')} ${c.name}${where}`,
        ...wrap(t('doctor.ok', ok), 4),
        ...wrap(t('doctor.unproven', { why: c.unproven, bin: BIN, id: c.id }), 4),
      ];
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
    ...(c.groupAdvice && c.root && adviceLines ? adviceLines(ctx, c.id, c.groupAdvice, c.root, 4) : []),
  ];
}

/** A key's line: its balance and expiry (the token name escaped: it is the gateway's text), and its warning. */
/** How a key's balance and expiry are told (loaded only when there is a key to tell of). */
type Usage = Pick<typeof import('../../gateway/key-usage.js'), 'usageFacts' | 'usageWarning'>;

/** An agent's name, from the registry (loaded with the run, not to read the flags). */
type NameOf = (id: AgentId) => string;

function keyLines(ctx: CliContext, k: KeyReport, now: number, { usageFacts, usageWarning }: Usage, nameOf: NameOf): string[] {
  const t = ctx.t;
  const agents = commas(k.agents.map(nameOf));
  if (k.refused) return wrap(t('usage.refused', { key: k.key, agents }), 2);
  if (k.unanswered) return wrap(t('usage.no_answer', { key: k.key, agents, why: k.unanswered.message }), 2);
  if (k.unreached) return wrap(t('usage.unreached', { key: k.key, agents }), 2);
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
function keyJson(k: KeyReport, now: number, { usageWarning }: Usage): Record<string, unknown> {
  const u = k.usage;
  const warning = u ? usageWarning(k.key, u, now) : undefined;
  return {
    key: k.key,
    root: k.root,
    agents: k.agents,
    told: u !== undefined,
    ...(k.refused && { refused: true }),
    ...(k.unanswered && { unanswered: { code: k.unanswered.code, message: k.unanswered.message } }),
    ...(k.unreached && { unreached: true }),
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

/** The last word: no findings, what they wait on when `--fix` has nothing to write, or the offer of `--fix`. */
function closingLines(t: CliContext['t'], report: DoctorReport, fixing: boolean): string[] {
  const closing = report.ok
    ? t('doctor.no_findings')
    : report.gatewayAway
      ? t('doctor.remain_away', { bin: BIN })
      : report.nothingToFix
        ? t(report.nothingToFix.gateway ? 'doctor.remain_keys_away' : 'doctor.remain_keys', { bin: BIN })
        : fixing
          ? t('doctor.remain_fixing')
          : t('doctor.remain', { bin: BIN });
  const next = report.newKey;
  if (!next) return wrap(closing);
  // A key goes only where it is sent: the command names the gateway when none is given or saved.
  const command = `${BIN} doctor --fix${next.baseUrl === undefined ? '' : ` --base-url ${shellWord(next.baseUrl)}`}`;
  return [
    ...wrap(closing),
    ...wrap(t(next.vars.length === 1 ? 'doctor.new_key' : 'doctor.new_keys', { vars: commas(next.vars), command })),
  ];
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const fixing = flag(args.values, 'fix');
  const profile = str(args.values, 'profile');
  const [{ doctor }, { guardInterrupt }, { AGENTS }] = await Promise.all([
    import('../../library/doctor.js'),
    import('../interrupt.js'),
    import('../../agents/registry.js'),
  ]);
  const nameOf: NameOf = (id) => AGENTS[id].name;
  const { report, exit } = await guardInterrupt(ctx, (onProgress) =>
    doctor({ ...givenOf(args.values), ...(profile !== undefined && { profile }), fix: fixing }, hostOf(ctx), { onProgress }),
  );
  const { ok, checks, now } = report;
  const keyList = report.keys;
  const usage: Usage | undefined = keyList.length > 0 ? await import('../../gateway/key-usage.js') : undefined;
  if (ctx.json) {
    printJson(ctx, {
      ok,
      ...(report.nothingToFix && { nothingToFix: report.nothingToFix }),
      ...(report.gatewayAway && { gatewayAway: true }),
      ...(report.newKey && { newKey: { vars: report.newKey.vars, baseUrl: report.newKey.baseUrl ?? null } }),
      ...(profile !== undefined ? { profile } : {}),
      ...(fixing
        ? {
            fixed: report.fixed ?? [],
            notFixed: report.notFixed ?? [],
            moved: report.moved ?? [],
            keysReplaced: report.keysReplaced ?? [],
            tightened: report.tightened ?? [],
          }
        : {}),
      agents: checks.map((c) => ({
        id: c.id,
        configured: c.configured,
        ...(c.notGateway ? { notGateway: c.notGateway } : {}),
        file: c.file,
        model: c.request?.model,
        url: c.request?.url,
        requestId: c.passedRequestId,
        findings: c.findings,
        ...(c.unproven ? { unproven: c.unproven } : {}),
        ...(c.predecessor ? { predecessor: true } : {}),
        ...(c.groupAdvice ? { groupAdvice: c.groupAdvice } : {}),
      })),
      keys: usage ? keyList.map((k) => keyJson(k, now, usage)) : [],
      gateways: report.gateways.map((g) => ({ root: g.root, version: g.version ?? null, answered: g.answered })),
      verifiedVersions: [...VERIFIED_NEW_API],
    });
  } else {
    const t = ctx.t;
    const advice = checks.some((c) => c.groupAdvice) ? (await import('../setup-report.js')).adviceLines : undefined;
    const lines = checks.length === 0 ? [t('doctor.none_here')] : checks.flatMap((c) => agentLines(ctx, c, advice));
    if (usage) lines.push('', t('usage.heading'), ...keyList.flatMap((k) => keyLines(ctx, k, now, usage, nameOf)));
    if (report.gateways.length > 0)
      lines.push(
        '',
        t('doctor.gateways'),
        ...report.gateways.flatMap((g) => wrap(`${g.root}: ${g.answered ? versionText(t, g.version) : t('doctor.gateway_silent')}`, 2)),
      );
    for (const k of report.keysReplaced ?? [])
      lines.push(
        '',
        ...wrap(t(k.from ? 'doctor.key_replaced' : 'doctor.key_given', { agent: nameOf(k.id), from: k.from ?? '', to: k.to, var: k.var })),
      );
    for (const m of report.moved ?? [])
      lines.push('', ...wrap(t('doctor.moved', { agent: nameOf(m.id), from: m.from, to: m.to, code: m.code })));
    for (const file of report.tightened ?? []) lines.push('', ...wrap(t('doctor.tightened', { file })));
    const fixed = report.fixed ?? [];
    if (fixed.length > 0) lines.push('', ...wrap(t('doctor.repaired', { agents: commas(fixed.map(nameOf)), bin: BIN })));
    for (const n of report.notFixed ?? []) lines.push('', ...wrap(t('doctor.not_repaired', { agent: nameOf(n.id), reason: n.reason })));
    lines.push('', ...closingLines(t, report, fixing));
    print(ctx, lines);
  }
  return exit;
}
