// The model `default_model` names, and its provider: the same tables in Kimi Code's file and in
// its predecessor kimi-cli's (`[models.<alias>]` with `provider` and `model`, `[providers.<id>]`).
import { asRecord, asString } from '../paths.js';
import { msg, type Message } from '../../i18n/index.js';

export interface DefaultAlias {
  alias: string;
  entry: Record<string, unknown>;
  /** The provider's id, and its table. */
  id: string;
  provider: Record<string, unknown>;
  model: string;
}

/** Follows `default_model` to its alias and provider in `doc`; why not, naming `file`. */
export function defaultAlias(doc: Record<string, unknown>, file: string, noDefault: Message): DefaultAlias | Message {
  const alias = asString(doc['default_model']);
  if (alias === undefined || alias.trim() === '') return noDefault;
  const entry = asRecord(asRecord(doc['models'])?.[alias]);
  if (!entry) return msg('agents.kimi.no_alias', { alias, file });
  const id = asString(entry['provider']);
  const model = asString(entry['model']);
  if (id === undefined || model === undefined) return msg('agents.kimi.alias_incomplete', { alias, file });
  const provider = asRecord(asRecord(doc['providers'])?.[id]);
  if (!provider) return msg('agents.kimi.no_provider', { id, alias, file });
  return { alias, entry, id, provider, model };
}
