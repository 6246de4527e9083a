// Kimi's archived Python CLI (PyPI `kimi-cli`, binary `kimi` like Kimi Code's), which users still
// have: it reads `$KIMI_SHARE_DIR/config.toml` (default `~/.kimi`), never `~/.kimi-code/`. Facts read
// from kimi-cli 1.52.0 (`kimi_cli/config.py`, `llm.py`, `share.py`) and seen running it:
// - `kimi --version` prints "kimi, version 1.52.0" and "kimi-cli is no longer maintained…", and
//   makes `~/.kimi` (KIMI_SHARE_DIR moves it). 1.52.0, its last release, runs nothing else: any
//   other arguments print that notice (exit 0), and no arguments fetch Kimi Code's install script
//   from a CDN and run it — so launch never starts it; older releases still run on ~/.kimi.
// - `default_model` names a `[models.<alias>]` (`provider`, `model`, `max_context_size`); the
//   provider (`[providers.<id>]`: `type`, `base_url`, `api_key`, all required) picks the protocol by
//   its type: `kimi` and `openai_legacy` send chat completions to base_url + `/chat/completions`,
//   `openai_responses` Responses to base_url + `/responses` (Bearer), `anthropic` messages to
//   base_url + `/v1/messages` (`x-api-key`, the Anthropic SDK's own path).
// We never write it: setup and doctor say which file Kimi Code reads, and doctor checks a legacy
// file that points at the gateway.
import type { Protocol } from '../../core/types.js';
import { asRecord, asString, dirFromEnv, pathFor } from '../paths.js';
import { providerRequest } from '../provider-table.js';
import type { AgentEnv, AgentRequest, Predecessor } from '../types.js';
import { isMessage, msg, type Message } from '../../i18n/index.js';
import { defaultAlias } from './default-alias.js';

function legacyPath(env: AgentEnv): string {
  const p = pathFor(env.platform);
  return p.join(dirFromEnv(env, 'KIMI_SHARE_DIR', p.join(env.home, '.kimi')), 'config.toml');
}

const PROTOCOL_OF: Readonly<Record<string, Exclude<Protocol, 'images'>>> = {
  kimi: 'chat',
  openai_legacy: 'chat',
  openai_responses: 'responses',
  anthropic: 'messages',
};

function legacyRequest(env: AgentEnv, doc: unknown): AgentRequest | Message {
  const file = legacyPath(env);
  const root = asRecord(doc);
  if (!root) return msg('agents.kimi.no_file', { file });
  const found = defaultAlias(root, file, msg('agents.kimi.legacy_no_default', { file }));
  if (isMessage(found)) return found;
  const { id, provider, model } = found;
  const type = asString(provider['type']) ?? '';
  const protocol = PROTOCOL_OF[type];
  if (protocol === undefined) return msg('agents.kimi.other_type', { id, type, file });
  const baseUrl = asString(provider['base_url']);
  if (baseUrl === undefined || baseUrl.trim() === '') return msg('agents.kimi.no_base_url', { id, file });
  const key = asString(provider['api_key']);
  return providerRequest({
    protocol,
    baseUrl,
    strip: 'none',
    model,
    key: key === '' ? undefined : key,
    keySource: msg('agents.file_field', { file, field: `providers.${id}.api_key` }),
    file,
    provider: id,
  });
}

export const kimiCli: Predecessor = {
  name: 'kimi-cli',
  install: { from: 'pip', package: 'kimi-cli', verified: '1.52.0', python: '3.12' },
  versionText: /kimi-cli is no longer maintained|^kimi, version /m,
  file: (env) => ({ path: legacyPath(env), format: 'toml', role: "kimi-cli's config (archived; Kimi Code does not read it)" }),
  readBack: legacyRequest,
  found: ({ version, agentFile }, env) =>
    version !== undefined
      ? msg('agents.kimi.legacy_binary', { version, file: agentFile, legacy: legacyPath(env) })
      : msg('agents.kimi.legacy_file', { file: agentFile, legacy: legacyPath(env) }),
};
