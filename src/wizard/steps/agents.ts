// Step 4: which agents, looked for while the person answers; unusable ones disabled with the reason.
import { AGENT_IDS, AGENTS, DEFAULT_AGENT_IDS, type AgentId } from '../../agents/registry.js';
import { JobError } from '../../core/errors.js';
import { visibleLength } from '../../core/layout.js';
import { PROTOCOL_NAMES, type ClassifiedModel } from '../../core/types.js';
import { msg, or } from '../../i18n/index.js';
import { suitableModels } from '../../setup/choose.js';
import { belowFloor, forVersion, unproven, updateCommand } from '../../agents/versions.js';
import type { Choice } from '../port.js';
import { DETECT_AT_ONCE, type WizardDeps, columns, countModels, progressOf, tr } from '../context.js';

type Detected = Awaited<ReturnType<WizardDeps['detect']>>;

/**
 * Finds the installed agents from the wizard's start, beside the questions and the model list
 * (each detection runs the agent's `--version`, a few at a time); `wait` shows a spinner while
 * they are still running.
 */
export function detectAgents(deps: WizardDeps): { wait: () => Promise<Detected[]> } {
  let done = false;
  const all = (async (): Promise<Detected[]> => {
    const found: Detected[] = [];
    for (let i = 0; i < AGENT_IDS.length; i += DETECT_AT_ONCE) {
      found.push(...(await Promise.all(AGENT_IDS.slice(i, i + DETECT_AT_ONCE).map((id) => deps.detect(AGENTS[id])))));
    }
    done = true;
    return found;
  })();
  // Never an unhandled rejection while the person is still answering: `wait` rethrows it.
  all.catch(() => undefined);
  return {
    wait: async () => {
      if (done) return all;
      const t = tr(deps);
      const group = progressOf(deps).group();
      group.start('detect', t('wizard.progress.detecting'));
      const found = await all;
      group.settle('detect', true, t('wizard.progress.detected', { n: found.filter((d) => d.installed).length, total: found.length }));
      group.end();
      return found;
    },
  };
}

/** Step 4: which agents; last time's, the installed ones or setup's defaults pre-selected, unusable ones disabled with the reason. */
export async function askAgents(
  deps: WizardDeps,
  detection: { wait: () => Promise<Detected[]> },
  models: readonly ClassifiedModel[],
  given?: readonly AgentId[],
  previous?: readonly AgentId[],
  /** Agents with a key of their own: judged by its list. */
  own?: ReadonlyMap<AgentId, readonly ClassifiedModel[]>,
): Promise<AgentId[]> {
  if (given) return [...given];
  const t = tr(deps);
  const ids = AGENT_IDS;
  const found = await detection.wait();
  const facts = ids.map((id, i) => {
    const detected = found[i]!;
    const agent = forVersion(AGENTS[id], detected.version);
    const tooOld = belowFloor(agent, detected.version);
    const count = agent.unsupported ? 0 : suitableModels(agent, own?.get(id) ?? models).length;
    const reason = agent.unsupported
      ? t(agent.unsupportedLabel ?? agent.unsupported)
      : tooOld
        ? t('wizard.agents.too_old', { broken: agent.versions?.brokenBelow ?? '', update: updateCommand(agent.install) })
        : count === 0
          ? t('wizard.agents.no_model', { protocols: or(agent.protocols.map((p) => PROTOCOL_NAMES[p])) })
          : undefined;
    return { id, agent, detected, count, reason };
  });
  const usable = facts.filter((f) => f.reason === undefined);
  if (usable.length === 0) {
    throw new JobError(msg('wizard.agents.none_usable'), msg('wizard.agents.none_usable_hint'));
  }
  // Pre-selected: last time's agents, else the installed ones, else what `setup` writes without
  // --agent (Claude Code and Codex CLI), so Enter alone always goes on.
  const usableOf = (list: readonly AgentId[]): AgentId[] => list.filter((id) => usable.some((f) => f.id === id));
  const installed = usable.filter((f) => f.detected.installed).map((f) => f.id);
  const remembered = usableOf(previous ?? []);
  const preselected = remembered.length > 0 ? remembered : installed.length > 0 ? installed : usableOf(DEFAULT_AGENT_IDS);
  const rows = columns(
    facts.map((f) => [
      f.agent.name,
      f.detected.installed
        ? f.detected.version
          ? t('wizard.agents.installed_version', { version: f.detected.version })
          : t('wizard.agents.installed')
        : // The command is there but answers as the agent's predecessor (kimi-cli as `kimi`).
          f.detected.predecessor !== undefined && f.agent.predecessor
          ? t('wizard.agents.predecessor', { name: f.agent.predecessor.name, version: f.detected.predecessor })
          : t('wizard.agents.not_installed'),
      f.reason
        ? `✗ ${f.reason}`
        : t(unproven(f.agent, f.detected.version) ? 'wizard.agents.row_unproven' : 'wizard.agents.row', {
            protocols: f.agent.protocols.map((p) => PROTOCOL_NAMES[p]).join('/'),
            models: countModels(t, f.count),
            proven: f.agent.versions?.provenFrom ?? '',
          }),
    ]),
    // An agent's name is never cut: the longest one sets the column.
    [Math.max(...facts.map((f) => visibleLength(f.agent.name))), 20, 70],
  );
  const choices: Choice<AgentId>[] = facts.map((f, i) => ({
    title: rows[i]!,
    short: f.agent.name,
    value: f.id,
    disabled: f.reason !== undefined,
    selected: preselected.includes(f.id),
  }));
  return deps.prompter.multiselect({ message: t('wizard.agents.question'), choices, min: 1 });
}
