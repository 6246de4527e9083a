// Codex CLI (`@openai/codex`): speaks only the Responses API. Its provider table names the key's
// variable (`env_key`); the value can live in `$CODEX_HOME/.env`, which Codex loads at start.
// Facts: /work/shared/docs/agents.md ("Codex CLI"), seen with 0.169.0.
import type { FileEdit, KeyEdit } from '../config/types.js';
import { maskKey } from '../core/mask.js';
import type { ClassifiedModel } from '../core/types.js';
import { notForCoding } from './fit.js';
import { asRecord, asString, dirFromEnv, envValue, pathFor, trimSlash } from './paths.js';
import type { Agent, AgentChoice, AgentEnv, AgentFile, AgentPlan, AgentRequest, CurrentFiles, ModelFit, Scope } from './types.js';

/** Our provider id: short, and never one of Codex's built-ins (those silently win over a table). */
export const CODEX_PROVIDER_ID = 'gateway';
export const CODEX_PROVIDER_NAME = 'Gateway (gateway-agent-setup)';
const BUILT_IN_PROVIDERS = new Set(['openai', 'ollama', 'lmstudio', 'amazon-bedrock', 'oss']);
/**
 * Codex refuses to let `.env` set any variable starting with `CODEX_` (codex-rs/arg0/src/lib.rs,
 * `set_filtered`), so a key variable of that name can only come from the shell.
 */
const DOTENV_FORBIDDEN_PREFIX = 'CODEX_';

export function codexPaths(env: AgentEnv): { config: string; dotenv: string } {
  const p = pathFor(env.platform);
  const home = dirFromEnv(env, 'CODEX_HOME', p.join(env.home, '.codex'));
  return { config: p.join(home, 'config.toml'), dotenv: p.join(home, '.env') };
}

function fit(model: ClassifiedModel): ModelFit {
  const excluded = notForCoding(model);
  if (excluded !== undefined) return { ok: false, reason: excluded };
  const responses = model.protocols.responses;
  if (responses === 'yes') return { ok: true, protocol: 'responses', needsProbe: false };
  if (responses === 'probe') return { ok: true, protocol: 'responses', needsProbe: true };
  if (model.marks?.includes('anthropic')) {
    return {
      ok: false,
      reason: 'marked anthropic: Anthropic channels cannot serve /v1/responses (500 convert_request_failed), and Codex speaks only Responses',
    };
  }
  return { ok: false, reason: 'not marked `openai-response` or `openai`: Codex speaks only the Responses API (/v1/responses)' };
}

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // Same files for both scopes: Codex ignores providers in a project `.codex/config.toml`.
  const paths = codexPaths(env);
  return [
    { path: paths.config, format: 'toml', role: 'config (model and provider)' },
    { path: paths.dotenv, format: 'dotenv', role: 'variables Codex loads at start (the key)' },
  ];
}

function dotenvValues(doc: unknown): Record<string, unknown> {
  return asRecord(doc) ?? {};
}

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const paths = codexPaths(env);
  const notes: string[] = [];
  if (choice.scope === 'project') {
    notes.push(`Codex ignores model providers in a project .codex/config.toml, so the user file ${paths.config} was configured instead.`);
  }
  const table = ['model_providers', CODEX_PROVIDER_ID] as const;
  const existing = asRecord(asRecord(asRecord(current.get(paths.config))?.['model_providers'])?.[CODEX_PROVIDER_ID]) ?? {};
  const config: KeyEdit[] = [
    { path: ['model'], value: choice.model },
    { path: ['model_provider'], value: CODEX_PROVIDER_ID },
    { path: [...table, 'name'], value: CODEX_PROVIDER_NAME },
    { path: [...table, 'base_url'], value: choice.v1 },
    { path: [...table, 'env_key'], value: choice.keyEnvVar },
    { path: [...table, 'wire_api'], value: 'responses' },
  ];
  // Either would replace the env_key variable as the credential Codex sends.
  for (const stale of ['experimental_bearer_token', 'requires_openai_auth']) {
    if (stale in existing) config.push({ path: [...table, stale], value: undefined });
  }
  const edits: FileEdit[] = [{ path: paths.config, format: 'toml', edits: config }];

  const dotenv = dotenvValues(current.get(paths.dotenv));
  const shellKey = envValue(env.env, choice.keyEnvVar);
  const forbidden = choice.keyEnvVar.toUpperCase().startsWith(DOTENV_FORBIDDEN_PREFIX);
  let exportVar: string | undefined;
  if (choice.keyStorage === 'file' && !forbidden) {
    edits.push({ path: paths.dotenv, format: 'dotenv', edits: [{ path: [choice.keyEnvVar], value: choice.key }], secret: true });
    if (shellKey !== undefined && shellKey !== choice.key) {
      // codex-rs/arg0 load_dotenv() sets every .env variable over the inherited environment.
      notes.push(
        `Your shell exports ${choice.keyEnvVar} with another key (${maskKey(shellKey)}); Codex loads ${paths.dotenv} over the shell, so Codex uses the key written there, but other programs still see your export.`,
      );
    }
  } else {
    if (forbidden && choice.keyStorage === 'file') {
      notes.push(`Codex does not let ${paths.dotenv} set variables starting with ${DOTENV_FORBIDDEN_PREFIX}, so the key was not stored there.`);
    }
    if (choice.keyEnvVar in dotenv) {
      edits.push({ path: paths.dotenv, format: 'dotenv', edits: [{ path: [choice.keyEnvVar], value: undefined }], secret: true });
      notes.push(`Removed ${choice.keyEnvVar} from ${paths.dotenv}: Codex would load it over your shell export. The old value is in the backup.`);
    }
    exportVar = choice.keyEnvVar;
    if (shellKey === undefined) {
      notes.push(`Codex reads the key from ${choice.keyEnvVar}: export it in your shell profile.`);
    } else if (shellKey !== choice.key) {
      notes.push(`Your shell's ${choice.keyEnvVar} holds another key (${maskKey(shellKey)}); Codex will send that one. Export the new key.`);
    }
  }
  return { edits, notes, exportVar };
}

function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | string {
  const paths = codexPaths(env);
  const doc = asRecord(current.get(paths.config));
  if (!doc) return `${paths.config} does not exist: Codex would use its built-in OpenAI provider.`;
  const providerId = asString(doc['model_provider']);
  if (providerId === undefined) return `model_provider is not set in ${paths.config}: Codex would use its built-in OpenAI provider.`;
  const provider = asRecord(asRecord(doc['model_providers'])?.[providerId]);
  if (BUILT_IN_PROVIDERS.has(providerId)) {
    return `model_provider = "${providerId}" in ${paths.config} is a built-in Codex provider, not the gateway.`;
  }
  if (!provider) return `model_provider = "${providerId}" in ${paths.config} has no [model_providers.${providerId}] table.`;
  const baseUrl = asString(provider['base_url']);
  if (baseUrl === undefined || baseUrl.trim() === '') return `[model_providers.${providerId}] in ${paths.config} has no base_url.`;
  const wire = asString(provider['wire_api']);
  if (wire === 'chat') return `[model_providers.${providerId}] in ${paths.config}: wire_api = chat is no longer supported by Codex (it refuses to start).`;
  const model = asString(doc['model']);
  if (model === undefined || model.trim() === '') return `model is not set in ${paths.config}: Codex would ask for its own default model.`;

  let key: string | undefined;
  let keySource: string;
  const token = asString(provider['experimental_bearer_token']);
  const envKey = asString(provider['env_key']);
  if (token !== undefined) {
    key = token;
    keySource = `${paths.config} experimental_bearer_token`;
  } else if (envKey === undefined) {
    keySource = `[model_providers.${providerId}] has no env_key`;
  } else {
    // .env is loaded over the inherited environment, except for CODEX_* names it may not set.
    const fromFile = envKey.toUpperCase().startsWith(DOTENV_FORBIDDEN_PREFIX)
      ? undefined
      : asString(dotenvValues(current.get(paths.dotenv))[envKey]);
    const fromShell = envValue(env.env, envKey);
    key = fromFile !== undefined && fromFile !== '' ? fromFile : fromShell;
    keySource = fromFile !== undefined && fromFile !== '' ? `${paths.dotenv} ${envKey}` : `environment variable ${envKey}`;
  }
  return {
    protocol: 'responses',
    url: `${trimSlash(baseUrl)}/responses`,
    model,
    auth: 'bearer',
    key,
    keySource,
    baseUrl,
    file: paths.config,
  };
}

export const codex: Agent = {
  id: 'codex',
  name: 'Codex CLI',
  binary: 'codex',
  versionArgs: ['--version'],
  npmPackage: '@openai/codex',
  protocols: ['responses'],
  hasSmallModel: false,
  fit,
  files,
  plan,
  readBack,
  oneShot(model, prompt) {
    return { command: 'codex', args: ['exec', '--skip-git-repo-check', '-m', model, prompt] };
  },
};
