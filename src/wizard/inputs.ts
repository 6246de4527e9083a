// What the wizard starts from: the answers the flags already give (never the saved settings: those
// are its defaults, pre-filled), the key variable and the key it finds, and what it remembers after.
import type { AgentId } from '../agents/registry.js';
import { UsageError } from '../core/errors.js';
import { msg } from '../i18n/index.js';
import { BASE_URL_ENV, DEFAULT_KEY_ENV, keyEnvFlags } from '../settings/gateway.js';
import type { Given } from '../settings/given.js';
import type { SettingsHost } from '../settings/host.js';
import { rememberSetup } from '../settings/saved.js';
import { savedPreferences, setupInputs, type SetupInputs } from '../settings/setup-inputs.js';
import { hintPreferences } from '../setup/import-hints.js';
import type { SetupReport } from '../setup/run.js';
import type { WizardDefaults, WizardGiven } from './context.js';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface WizardStart {
  given: WizardGiven;
  defaults: WizardDefaults;
  inputs: SetupInputs;
  keyEnvVar: string;
  /** The key found without asking (the link's, the one typed in, the variable's); undefined: asked. */
  key?: string;
  /** The key was typed in (`--api-key`): its warning is said. */
  typedKey: boolean;
  /** A gateway is known without asking (given, GATEWAY_BASE_URL, saved). */
  knowsGateway: boolean;
}

/** The wizard's answers so far and its defaults; a key variable that is no variable name is refused. */
export async function wizardStart(ctx: SettingsHost, values: Given): Promise<WizardStart> {
  // The saved settings pre-fill the answers; only flags answer them.
  const inputs = await setupInputs(ctx, values, false);
  const saved = inputs.saved.settings;
  const flagged = keyEnvFlags(values);
  const keyEnvVar = flagged.plain ?? saved.keyEnv ?? DEFAULT_KEY_ENV;
  if (!ENV_NAME.test(keyEnvVar)) throw new UsageError(msg('wizard.api_key_env_name'), msg('wizard.api_key_env_name_hint'));
  const typed = values.apiKey;
  const imported = inputs.imported;
  const key = imported?.link.key ?? typed ?? ctx.env[keyEnvVar];
  if (key) ctx.addSecret(key.trim());
  const given: WizardGiven = {
    baseUrl: inputs.given.baseUrl,
    key,
    keySource: imported ? imported.source : typed !== undefined ? '--api-key' : keyEnvVar,
    // A variable the user did not name here goes only to the gateways it was saved for.
    ...(!imported && typed === undefined && flagged.plain === undefined && inputs.saved.bindings?.has(keyEnvVar)
      ? { keyBoundTo: [...inputs.saved.bindings.get(keyEnvVar)!] }
      : {}),
    keyEnvVar,
    ...(flagged.perAgent.size > 0 && { agentKeyEnvs: flagged.perAgent }),
    agents: inputs.agents,
    models: inputs.models,
    ...(inputs.modelLists.size > 0 && { modelLists: inputs.modelLists }),
    smallModel: inputs.smallModel,
    scope: inputs.scope,
    keyStorage: inputs.keyStorage,
    timeoutMs: inputs.timeoutMs,
    force: inputs.force,
    dryRun: inputs.dryRun,
    verify: inputs.verify,
    concurrency: inputs.concurrency,
    markers: inputs.markers,
    // The team's patterns order the lists; last time's models are pre-selected, not pinned.
    preferences: hintPreferences(imported?.link, savedPreferences(saved, false)),
  };
  const defaults: WizardDefaults = {
    baseUrl: ctx.env[BASE_URL_ENV] ?? saved.baseUrl,
    agents: saved.agents,
    models: saved.perAgent,
    recorded: (inputs.saved.own ?? saved).perAgent,
    scope: saved.scope,
    keyStorage: saved.keyStorage,
  };
  return {
    given,
    defaults,
    inputs,
    keyEnvVar,
    ...(key ? { key } : {}),
    typedKey: typed !== undefined,
    knowsGateway: (inputs.given.baseUrl ?? ctx.env[BASE_URL_ENV] ?? saved.baseUrl) !== undefined,
  };
}

/** Remembers a wizard run as setup does: the key's variable only when the key came from it (a typed key did not). */
export async function rememberWizard(ctx: SettingsHost, start: WizardStart, report: SetupReport): Promise<void> {
  const { keyEnvVar } = start;
  // The agents that used a key of their own: their variables are saved (names only).
  const own = new Map(
    report.agents.filter((a) => a.keyEnv !== undefined && a.keyEnv !== keyEnvVar).map((a) => [a.id as AgentId, a.keyEnv!] as const),
  );
  const fromVariable = !start.inputs.imported && !start.typedKey && ctx.env[keyEnvVar]?.trim();
  await rememberSetup(ctx, report, fromVariable ? keyEnvVar : undefined, own);
}
