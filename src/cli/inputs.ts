// Which gateway and which key: from flags and the environment, validated once for every command
// that talks to the gateway. Missing input is a UsageError naming the flag or variable to set.
import { normalizeBaseUrl } from '../core/base-url.js';
import { UsageError } from '../core/errors.js';
import { maskKey } from '../core/mask.js';
import { msg } from '../i18n/index.js';
import { str, type ParsedValues } from './args.js';
import type { CliContext } from './context.js';
import { note } from './output.js';
import { wrap } from '../core/layout.js';

export const DEFAULT_KEY_ENV = 'GATEWAY_API_KEY';
export const BASE_URL_ENV = 'GATEWAY_BASE_URL';
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface GatewayInputs {
  /** Gateway root (no trailing slash, no /v1) and root + '/v1'. */
  root: string;
  v1: string;
  key: string;
  /** Where the key came from, for messages: "$GATEWAY_API_KEY", "--api-key". Never the key. */
  keySource: string;
  /** The environment variable holding the key (the one to reference in agent configs). */
  keyEnvVar: string;
  timeoutMs: number;
  env: Readonly<Record<string, string | undefined>>;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A key that came with the gateway's import link, and where the link came from (`--import -`). */
export interface ImportedKey {
  key: string;
  source: string;
}

/** The base URL: `--base-url`, else $GATEWAY_BASE_URL; normalized, its repairs reported on stderr. */
export function resolveBaseUrl(ctx: Pick<CliContext, 'env' | 'err' | 't'>, values: ParsedValues): { root: string; v1: string } {
  const given = str(values, 'base-url') ?? ctx.env[BASE_URL_ENV];
  if (given === undefined || given.trim() === '') {
    throw new UsageError(msg('inputs.no_base_url'), msg('inputs.no_base_url_hint', { env: BASE_URL_ENV }));
  }
  const url = normalizeBaseUrl(given);
  for (const change of url.changes) note(ctx, wrap(ctx.t('inputs.base_url_note', { text: change })));
  for (const warning of url.warnings) note(ctx, wrap(ctx.t('inputs.base_url_warning', { text: warning })));
  return { root: url.root, v1: url.v1 };
}

/** The key: `--api-key`, else the variable `--api-key-env` names, else $GATEWAY_API_KEY. */
export function resolveKey(
  ctx: Pick<CliContext, 'env' | 'err' | 'addSecret' | 't'>,
  values: ParsedValues,
  imported?: ImportedKey,
): { key: string; keySource: string; keyEnvVar: string } {
  const flagKey = str(values, 'api-key');
  const envName = str(values, 'api-key-env');
  if (envName !== undefined && !ENV_NAME.test(envName)) {
    // Someone may have passed the key itself here: never echo it.
    throw new UsageError(msg('wizard.api_key_env_name'), msg('wizard.api_key_env_name_hint'));
  }
  const keyEnvVar = envName ?? DEFAULT_KEY_ENV;
  let key: string | undefined;
  let keySource: string;
  if (imported !== undefined && flagKey === undefined) {
    // Where a key from --api-key goes (into the configs, or only the variable's name under env
    // storage), without its trace in shell history.
    key = imported.key.trim();
    keySource = imported.source;
  } else if (flagKey !== undefined) {
    key = flagKey.trim();
    keySource = '--api-key';
    if (key !== '') {
      note(ctx, wrap(ctx.t('wizard.api_key_flag_warning', { var: keyEnvVar })));
    }
  } else {
    key = ctx.env[keyEnvVar]?.trim();
    keySource = `$${keyEnvVar}`;
  }
  if (key === undefined || key === '') {
    const hint = flagKey !== undefined
      ? msg('inputs.empty_api_key')
      : envName !== undefined
        ? msg('inputs.set_env', { var: envName, default: DEFAULT_KEY_ENV })
        : msg('inputs.set_default_env', { var: DEFAULT_KEY_ENV });
    throw new UsageError(msg('inputs.no_key', { source: keySource }), hint);
  }
  ctx.addSecret(key);
  if (/[\s\u0000-\u001f\u007f]/.test(key)) {
    throw new UsageError(msg('inputs.bad_key', { source: keySource, key: maskKey(key) }), msg('inputs.bad_key_hint'));
  }
  return { key, keySource, keyEnvVar };
}

/** Base URL, key and timeout for commands that call the gateway. */
export function resolveGateway(ctx: Pick<CliContext, 'env' | 'err' | 'addSecret' | 't'>, values: ParsedValues, imported?: ImportedKey): GatewayInputs {
  const url = resolveBaseUrl(ctx, values);
  const key = resolveKey(ctx, values, imported);
  const seconds = str(values, 'timeout');
  return {
    ...url,
    ...key,
    timeoutMs: seconds === undefined ? DEFAULT_TIMEOUT_MS : Math.round(Number(seconds) * 1000),
    env: ctx.env,
  };
}
