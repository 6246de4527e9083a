// The gateway console's import link: new-api's token page ("fill into CC Switch") and sub2api build
// `ccswitch://v1/import?resource=provider&app=claude&name=…&endpoint=…&apiKey=…&model=…`, the format
// cc-switch parses. We take what a setup needs from it: the base URL, the key, the name and the model
// hints, from its parameters or, as cc-switch reads them, from the app's own config the link carries
// in `config=<base64>` (the parameters win). A malformed link is a UsageError naming the field; the
// key is never shown, only masked.
import { UsageError } from '../core/errors.js';
import { maskKey } from '../core/mask.js';
import { escapeControls } from '../core/terminal.js';
import { msg } from '../i18n/index.js';
import type { linkConfig } from './import-config.js';
import { bad } from './link-argument.js';

export { isImportLink, refuseLinkArguments } from './link-argument.js';

const IMPORT_SCHEME = 'ccswitch';

/** What a link carries that a setup uses. */
export interface ImportLink {
  /** The app the console built the link for (`claude`, `codex`, `gemini`, `opencode`, …), lower-cased. */
  app?: string;
  /** The name the console suggests for this gateway and key (a profile name hint). */
  name?: string;
  /** The endpoint as given: `https://gw.example` (claude) or `https://gw.example/v1` (codex). */
  baseUrl: string;
  key: string;
  /** The main model the person picked on the console. */
  model?: string;
  /** Claude's tier models (cc-switch's haikuModel, sonnetModel, opusModel). */
  haikuModel?: string;
  sonnetModel?: string;
  opusModel?: string;
}

/** A field's value as it may be shown: control characters escaped, cut to a readable length. */
function shown(value: string): string {
  const text = escapeControls(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** Reads the config a link carries (`config=`): the TOML and YAML parsers come with it. */
export type LinkConfigReader = typeof linkConfig;

/** The reader of a link's config, loaded only by a run that reads a link. */
export async function linkConfigReader(): Promise<LinkConfigReader> {
  return (await import('./import-config.js')).linkConfig;
}

/** Parses an import link; throws a UsageError naming the field that is wrong. Never echoes the key. */
export function parseImportLink(text: string, readConfig: LinkConfigReader): ImportLink {
  const link = text.trim();
  const head = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)(\/[^?#]*)?(?:\?([^#]*))?(?:#.*)?$/s.exec(link);
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(link)?.[1];
  if (!scheme || scheme.toLowerCase() !== IMPORT_SCHEME) {
    return fail(bad('scheme', msg('import.problem.scheme', { scheme: shown(scheme ?? '') })));
  }
  if (!head) return fail(bad('scheme', msg('import.problem.shape')));
  const [, , version = '', path = '', query = ''] = head;
  if (version.toLowerCase() !== 'v1') return fail(bad('version', msg('import.problem.version', { version: shown(version) })));
  if (path !== '/import') return fail(bad('path', msg('import.problem.path', { path: shown(path) })));
  // Space-separated text (a link wrapped over two lines) would lose its tail silently: refuse it.
  if (/\s/.test(query)) return fail(bad('query', msg('import.problem.spaces')));
  const params = new URLSearchParams(query);
  const get = (name: string): string | undefined => {
    const v = params.get(name)?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const resource = get('resource');
  if (resource !== 'provider') {
    return fail(
      bad(
        'resource',
        resource === undefined ? msg('import.problem.missing') : msg('import.problem.resource', { resource: shown(resource) }),
      ),
    );
  }
  if (get('configUrl') !== undefined) return fail(bad('configUrl', msg('import.problem.config_url')));
  const config = get('config');
  const fromConfig = config === undefined ? {} : readConfig(get('app')?.toLowerCase(), config, get('configFormat'));
  // The parameters win over the config the link carries, as in cc-switch.
  const get2 = (name: keyof typeof fromConfig): string | undefined => get(name) ?? fromConfig[name];
  const key = get2('apiKey');
  if (key === undefined) return fail(bad('apiKey', msg('import.problem.missing')));
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(key) || /[^\x21-\x7e]/.test(key)) {
    return fail(bad('apiKey', msg('import.problem.key', { key: maskKey(key) })));
  }
  // cc-switch accepts several endpoints separated by commas (it tests them for speed): the first is ours.
  const endpoint = get2('endpoint')
    ?.split(',')
    .map((e) => e.trim())
    .find((e) => e !== '');
  if (endpoint === undefined) return fail(bad('endpoint', msg('import.problem.missing')));
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    return fail(bad('endpoint', msg('import.problem.endpoint')));
  }
  if (endpoint.includes(key)) return fail(bad('endpoint', msg('import.problem.endpoint_key')));
  const out: ImportLink = { baseUrl: endpoint, key };
  const app = get('app')?.toLowerCase();
  if (app !== undefined) out.app = app;
  const name = get('name');
  if (name !== undefined) out.name = name;
  for (const field of ['model', 'haikuModel', 'sonnetModel', 'opusModel'] as const) {
    const value = get2(field);
    if (value === undefined) continue;
    // A model id is one word of visible characters: anything else cannot be a hint.
    if (/[\s\u0000-\u001f\u007f-\u009f]/.test(value)) return fail(bad(field, msg('import.problem.model', { model: shown(value) })));
    out[field] = value;
  }
  return out;
}

function fail(error: UsageError): never {
  throw error;
}
