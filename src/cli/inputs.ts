// Which gateway and which key: from flags and the environment, validated once for every command
// that talks to the gateway. Missing input is a UsageError naming the flag or variable to set.
import { normalizeBaseUrl } from '../core/base-url.js';
import { UsageError } from '../core/errors.js';
import { maskKey } from '../core/mask.js';
import { str, type ParsedValues } from './args.js';
import type { CliContext } from './context.js';
import { note } from './output.js';

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

/** The base URL: `--base-url`, else $GATEWAY_BASE_URL; normalized, its repairs reported on stderr. */
export function resolveBaseUrl(ctx: Pick<CliContext, 'env' | 'err'>, values: ParsedValues): { root: string; v1: string } {
  const given = str(values, 'base-url') ?? ctx.env[BASE_URL_ENV];
  if (given === undefined || given.trim() === '') {
    throw new UsageError(
      'No gateway address given.',
      `Pass --base-url https://your-gateway.example (or set ${BASE_URL_ENV}).`,
    );
  }
  const url = normalizeBaseUrl(given);
  for (const change of url.changes) note(ctx, `note: base URL: ${change}`);
  for (const warning of url.warnings) note(ctx, `warning: base URL: ${warning}`);
  return { root: url.root, v1: url.v1 };
}

/** The key: `--api-key`, else the variable `--api-key-env` names, else $GATEWAY_API_KEY. */
export function resolveKey(
  ctx: Pick<CliContext, 'env' | 'err' | 'addSecret'>,
  values: ParsedValues,
): { key: string; keySource: string; keyEnvVar: string } {
  const flagKey = str(values, 'api-key');
  const envName = str(values, 'api-key-env');
  if (envName !== undefined && !ENV_NAME.test(envName)) {
    // Someone may have passed the key itself here: never echo it.
    throw new UsageError(
      '--api-key-env takes the NAME of an environment variable, not the key.',
      'Example: --api-key-env MY_GATEWAY_KEY (letters, digits and _).',
    );
  }
  const keyEnvVar = envName ?? DEFAULT_KEY_ENV;
  let key: string | undefined;
  let keySource: string;
  if (flagKey !== undefined) {
    key = flagKey.trim();
    keySource = '--api-key';
    if (key !== '') {
      note(ctx, `warning: --api-key puts the key in your shell history and the process list; prefer ${keyEnvVar}=… in the environment.`);
    }
  } else {
    key = ctx.env[keyEnvVar]?.trim();
    keySource = `$${keyEnvVar}`;
  }
  if (key === undefined || key === '') {
    const hint = flagKey !== undefined
      ? '--api-key was given an empty value.'
      : envName !== undefined
        ? `Set ${envName} in the environment, or drop --api-key-env to use ${DEFAULT_KEY_ENV}.`
        : `Set ${DEFAULT_KEY_ENV} in the environment (or name another variable with --api-key-env NAME).`;
    throw new UsageError(`No API key: ${keySource} is not set.`, hint);
  }
  ctx.addSecret(key);
  if (/[\s\u0000-\u001f\u007f]/.test(key)) {
    throw new UsageError(
      `The key from ${keySource} (${maskKey(key)}) contains spaces or control characters.`,
      'Copy the key again from the console: it is one word, usually sk- followed by 48 letters and digits.',
    );
  }
  return { key, keySource, keyEnvVar };
}

/** Base URL, key and timeout for commands that call the gateway. */
export function resolveGateway(ctx: Pick<CliContext, 'env' | 'err' | 'addSecret'>, values: ParsedValues): GatewayInputs {
  const url = resolveBaseUrl(ctx, values);
  const key = resolveKey(ctx, values);
  const seconds = str(values, 'timeout');
  return {
    ...url,
    ...key,
    timeoutMs: seconds === undefined ? DEFAULT_TIMEOUT_MS : Math.round(Number(seconds) * 1000),
    env: ctx.env,
  };
}
