// Steps 7 and 8: the plan shown and confirmed, written, proven; a failed probe shown before
// anything is written, with another model to choose.
import { AGENTS, type AgentId } from '../../agents/registry.js';
import type { AgentEnv, KeyStorage, Scope } from '../../agents/types.js';
import { wrap } from '../../core/layout.js';
import { CancelledError } from '../../core/errors.js';
import type { ClassifiedModel } from '../../core/types.js';
import { suitableModels } from '../../setup/choose.js';
import { runSetup, setupOptions, type ProbeFailure, type SetupProgress, type SetupReport } from '../../setup/run.js';
import type { ProgressGroup } from '../port.js';
import { type WizardDeps, type WizardGiven, agentFor, describe, progressOf, sayAll, tr } from '../context.js';
import type { ChosenModels } from './models.js';
import type { AgentKeys } from './agent-keys.js';

/** Turns setup's progress events into a spinner per agent, one group per round. */
function progressTracker(deps: WizardDeps): { onProgress: (e: SetupProgress) => void; end: (ok?: boolean) => void } {
  const t = tr(deps);
  let group: ProgressGroup | undefined;
  let checking = false;
  const end = (ok = true): void => {
    // setup reads the key's list once more; the next round starting means it succeeded.
    if (checking) group?.settle('models', ok, t(ok ? 'wizard.progress.models_checked' : 'wizard.progress.models_unreadable'));
    checking = false;
    group?.end();
    group = undefined;
  };
  const name = (id: AgentId): string => AGENTS[id].name;
  return {
    end,
    onProgress: (e) => {
      switch (e.phase) {
        case 'models':
          end();
          group = progressOf(deps).group();
          group.start('models', t('wizard.progress.models_checking'));
          checking = true;
          break;
        case 'probe':
          end();
          group = progressOf(deps).group();
          for (const id of e.agents) group.start(id, t('wizard.progress.probing', { agent: name(id) }));
          break;
        case 'probed':
          group?.settle(e.agent, e.ok, t(e.ok ? 'wizard.progress.probe_passed' : 'wizard.progress.probe_failed', { agent: name(e.agent) }));
          break;
        case 'write':
          end();
          deps.say(`  ${t('wizard.progress.writing')}`);
          break;
        case 'verify':
          end();
          group = progressOf(deps).group();
          for (const id of e.agents) group.start(id, t('wizard.progress.verifying', { agent: name(id) }));
          break;
        case 'verified':
          group?.settle(e.agent, e.ok, t(e.ok ? 'wizard.progress.verified' : 'wizard.progress.verify_failed', { agent: name(e.agent) }));
          break;
      }
    },
  };
}
/** The person chose to pick other models for these agents after their probes failed. */
export class ChooseAgain extends Error {
  constructor(readonly agents: AgentId[]) {
    super('choose again');
  }
}

/**
 * A failed probe, shown with its cause before anything is written; the person picks another model
 * (ChooseAgain) or goes on without the agent. Only agents that have another suitable model are asked.
 */
async function whenProbesFail(
  deps: WizardDeps,
  failures: readonly ProbeFailure[],
  modelsFor: (id: AgentId) => readonly ClassifiedModel[],
  failedModels: Map<AgentId, Set<string>>,
): Promise<void> {
  const t = tr(deps);
  const again: AgentId[] = [];
  for (const f of failures) {
    const agent = agentFor(deps, f.agent);
    const tried = failedModels.get(f.agent) ?? new Set<string>();
    tried.add(f.model);
    failedModels.set(f.agent, tried);
    deps.say('');
    sayAll(deps, wrap(t('wizard.probe.failed', { agent: agent.name, model: f.model })));
    if (f.probe.diagnosis)
      sayAll(deps, describe(t, { ...f.probe.diagnosis, ...(f.probe.requestId ? { requestId: f.probe.requestId } : {}) }));
    if (
      suitableModels(
        agent,
        modelsFor(f.agent).filter((m) => !tried.has(m.id)),
      ).length === 0
    )
      continue;
    const next = await deps.prompter.select<'again' | 'skip'>({
      message: t('wizard.probe.what_now', { agent: agent.name }),
      choices: [
        { title: t('wizard.probe.choose_again'), value: 'again', short: t('wizard.probe.choose_again_short') },
        { title: t('wizard.probe.skip', { agent: agent.name }), value: 'skip', short: t('wizard.probe.skip_short') },
      ],
    });
    if (next === 'again') again.push(f.agent);
  }
  if (again.length > 0) throw new ChooseAgain(again);
}

export async function writeWithChoices(
  deps: WizardDeps,
  given: WizardGiven,
  run: {
    url: { root: string; v1: string };
    key: string;
    agentKeys: AgentKeys;
    agents: AgentId[];
    chosen: ChosenModels;
    scope: Scope;
    keyStorage: KeyStorage;
    http: { timeoutMs?: number; env: AgentEnv['env'] };
    modelsFor: (id: AgentId) => readonly ClassifiedModel[];
    failedModels: Map<AgentId, Set<string>>;
  },
): Promise<SetupReport> {
  const { url, key, agents, chosen, scope, keyStorage, http } = run;
  const tracker = progressTracker(deps);
  try {
    const report = await runSetup(
      setupOptions({
        ...(deps.installed && { versions: deps.installed }),
        root: url.root,
        v1: url.v1,
        key,
        keyEnvVar: given.keyEnvVar,
        ...(run.agentKeys.size > 0 && { agentKeys: run.agentKeys }),
        agents,
        models: new Map([
          ...(given.models ?? []),
          ...[...(given.modelLists ?? [])].map(([a, ids]) => [a, ids[0]!] as const),
          ...chosen.models,
        ]),
        modelLists: new Map([...(given.modelLists ?? []), ...chosen.modelLists]),
        smallModel: given.smallModel,
        smallModels: chosen.smallModels,
        scope,
        keyStorage,
        dryRun: given.dryRun,
        force: given.force,
        verify: given.verify,
        concurrency: given.concurrency,
        markers: given.markers,
        preferences: given.preferences,
        env: deps.env,
        http,
        command: 'wizard',
        onProgress: (e) => {
          tracker.onProgress(e);
          deps.onSetupProgress?.(e);
        },
        onProbeFailed: async (failures) => {
          tracker.end(false);
          await whenProbesFail(deps, failures, run.modelsFor, run.failedModels);
        },
        beforeWrite: async ({ diff, leftOut }) => {
          tracker.end(true);
          const t = tr(deps);
          // Why a model the person ticked is not in the list, said before they are asked to write it.
          for (const l of leftOut) {
            deps.say('');
            sayAll(deps, wrap(t('wizard.left_out', { agent: AGENTS[l.agent].name }), 2));
            for (const note of l.notes) sayAll(deps, wrap(`✗ ${t(note)}`, 4));
          }
          if (diff === '') return;
          deps.say('');
          sayAll(deps, wrap(tr(deps)('wizard.diff.title')));
          deps.say(diff.trimEnd());
          deps.say('');
          if (!(await deps.prompter.confirm({ message: tr(deps)('wizard.diff.confirm'), initial: true }))) throw new CancelledError();
        },
      }),
    );
    tracker.end();
    return report;
  } catch (err) {
    tracker.end(false);
    throw err;
  }
}
