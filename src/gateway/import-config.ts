// The app's own config an import link may carry (`config=<base64>`, JSON or TOML by `configFormat`),
// read as cc-switch reads it: Claude's settings `env` block, Codex's `auth.json` and `config.toml`,
// Gemini's flat variables. It is the link's data, never run and never fetched (a `configUrl` is
// refused): the key, the address and the model hints are taken from it, nothing else.
import { parseConfig } from '../config/parse.js';
import { ParseError, errorText } from '../core/errors.js';
import { msg } from '../i18n/index.js';
import { bad } from './link-argument.js';

/** The fields a carried config can fill, named as the link's parameters. */
export interface LinkConfig {
  apiKey?: string;
  endpoint?: string;
  model?: string;
  haikuModel?: string;
  sonnetModel?: string;
  opusModel?: string;
}

/** Larger than any app's config: cc-switch makes links from configs of at most 100 KB. */
const MAX_CONFIG = 100 * 1024;

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Only the fields that are there. */
function present(fields: LinkConfig): LinkConfig {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as LinkConfig;
}

/** The config's bytes: base64, standard or URL-safe, padded or not. */
function decode(b64: string): string {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(b64)) throw bad('config', msg('import.problem.config_base64'));
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > MAX_CONFIG) throw bad('config', msg('import.problem.config_size', { kib: MAX_CONFIG / 1024 }));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw bad('config', msg('import.problem.config_base64'));
  }
}

function parsed(content: string, format: 'json' | 'toml', field: string): unknown {
  try {
    return parseConfig(content, format, field);
  } catch (err) {
    throw bad(
      field,
      msg('import.problem.config_parse', {
        format: format.toUpperCase(),
        detail: err instanceof ParseError ? errorText(err) : String(err),
      }),
    );
  }
}

/** Codex's `config.toml` text: the first provider's base_url, and the model. */
function codexToml(content: string): LinkConfig {
  const doc = record(parsed(content, 'toml', 'config.config'));
  const providers = Object.values(record(doc?.['model_providers']) ?? {});
  const endpoint = providers.map((p) => text(record(p)?.['base_url'])).find((v) => v !== undefined);
  return { endpoint, model: text(doc?.['model']) };
}

/** What the config carried by a link made for `app` fills in; a UsageError naming the field when it cannot be read. */
export function linkConfig(app: string | undefined, b64: string, format: string | undefined): LinkConfig {
  const kind = (format ?? 'json').toLowerCase();
  if (kind !== 'json' && kind !== 'toml') throw bad('configFormat', msg('import.problem.config_format', { format: kind.slice(0, 20) }));
  const doc = record(parsed(decode(b64), kind, 'config'));
  if (!doc) throw bad('config', msg('import.problem.config_shape', { app: app ?? '' }));
  switch (app) {
    case 'claude': {
      const env = record(doc['env']);
      if (!env) throw bad('config', msg('import.problem.config_shape', { app }));
      return present({
        apiKey: text(env['ANTHROPIC_AUTH_TOKEN']) ?? text(env['ANTHROPIC_API_KEY']),
        endpoint: text(env['ANTHROPIC_BASE_URL']),
        model: text(env['ANTHROPIC_MODEL']),
        haikuModel: text(env['ANTHROPIC_DEFAULT_HAIKU_MODEL']),
        sonnetModel: text(env['ANTHROPIC_DEFAULT_SONNET_MODEL']),
        opusModel: text(env['ANTHROPIC_DEFAULT_OPUS_MODEL']),
      });
    }
    case 'codex': {
      const toml = text(doc['config']);
      return present({ apiKey: text(record(doc['auth'])?.['OPENAI_API_KEY']), ...(toml !== undefined ? codexToml(toml) : {}) });
    }
    case 'gemini':
      return present({ apiKey: text(doc['GEMINI_API_KEY']), endpoint: text(doc['GEMINI_BASE_URL']), model: text(doc['GEMINI_MODEL']) });
    default:
      throw bad('config', msg('import.problem.config_app', { app: app ?? '' }));
  }
}
