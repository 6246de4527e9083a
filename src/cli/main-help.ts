// `--help` alone, as fast as `--version`: the command table and the command line's sentences, not
// every area's. Only for an English reader: another language loads its catalogs through main.ts.
import './messages/en.js';
import { pickLang } from '../i18n/index.js';
import { commandList } from './commands.js';
import type { ProcessLike } from './context.js';
import { mainHelp } from './help.js';

/** The main help in English; undefined when the reader's language is another (main.ts answers then). */
export function englishHelp(proc: Pick<ProcessLike, 'env' | 'platform'>): string | undefined {
  if (pickLang({ env: proc.env, platform: proc.platform }) !== 'en') return undefined;
  return mainHelp(commandList());
}
