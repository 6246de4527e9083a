// A key belongs to the gateway it was given for. The saved settings bind each key variable to the
// origin of the gateway it was saved with (a settings block's `baseUrl` with its `keyEnv` and
// `perAgent.*.keyEnv`, every profile's, and the user file's record `keys`); a run against another
// origin never takes a bound variable's key there. Only the user's own flags bind a variable anew.
import { originOf } from '../core/base-url.js';
import { UsageError } from '../core/errors.js';
import { commas, msg } from '../i18n/index.js';
import type { Settings } from './index.js';

/** Variable name → the gateway origins it was saved for. */
export type KeyBindings = ReadonlyMap<string, ReadonlySet<string>>;

/** Every binding the settings hold: the record `keys`, and each block's base URL with its key variables. */
export function keyBindings(s: Settings): KeyBindings {
  const out = new Map<string, Set<string>>();
  const bind = (name: string | undefined, origin: string | undefined): void => {
    if (name === undefined || origin === undefined) return;
    const set = out.get(name) ?? new Set<string>();
    set.add(origin);
    out.set(name, set);
  };
  for (const [name, origin] of Object.entries(s.keys ?? {})) bind(name, originOf(origin));
  for (const block of [s, ...Object.values(s.profiles ?? {})]) {
    const origin = originOf(block.baseUrl);
    bind(block.keyEnv, origin);
    for (const a of Object.values(block.perAgent ?? {})) bind(a?.keyEnv, origin);
  }
  return out;
}

/** The origins `name` is bound to when none of them is `origin`; undefined when it may go there. */
export function boundElsewhere(bindings: KeyBindings | undefined, name: string, origin: string | undefined): string[] | undefined {
  const origins = bindings?.get(name);
  if (origins === undefined || origins.size === 0 || origin === undefined || origins.has(origin)) return undefined;
  return [...origins].sort();
}

/**
 * A run would send a key saved for one gateway to another: exit 2 before any request. Names the
 * variable, the origins it belongs to and this run's, and how to bind a key to this gateway.
 */
export class KeyElsewhereError extends UsageError {
  constructor(name: string, origins: readonly string[], origin: string) {
    super(
      msg('keys.bound_elsewhere', { var: name, origins: commas(origins), origin }),
      msg('keys.bound_elsewhere_hint', { var: name, origin }),
    );
    this.code = 'key_bound_elsewhere';
    this.details = { keyEnv: name, boundTo: [...origins], gateway: origin };
  }
}
