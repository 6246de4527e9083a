// Help text, built from the same option tables the parser uses, so help and behaviour agree.
import { COMMON_OPTIONS, type OptionTable } from './args.js';
import type { CommandHelp } from './command-types.js';
import { padTo, table, visibleLength, wrap } from '../core/layout.js';
import { ENGLISH, type Message, type Translator } from '../i18n/index.js';

import { BIN } from '../core/bin.js';

export { BIN };

/** Help for the commands of this file's owner; other commands export `help` from their module. */
function optionRows(options: OptionTable, t: Translator): string[][] {
  return Object.entries(options).map(([name, spec]) => {
    const short = spec.short ? `-${spec.short}, ` : '';
    const value = spec.value ? ` ${spec.value}` : '';
    const choices = spec.choices ? ` (${spec.choices.join('|')})` : '';
    return [`${short}--${name}${value}`, t(spec.description) + choices];
  });
}

function flagLines(options: OptionTable, t: Translator): string[] {
  // The description column is the one that wraps: keep flags readable, cut long descriptions by wrapping.
  const rows = optionRows(options, t);
  const flagWidth = Math.min(26, Math.max(...rows.map((r) => visibleLength(r[0] ?? ''))));
  const lines: string[] = [];
  for (const [flag = '', description = ''] of rows) {
    const wrapped = wrap(description, 0, 80 - 4 - flagWidth);
    const first = wrapped.shift() ?? '';
    if (flag.length > flagWidth) {
      lines.push(`  ${flag}`);
      lines.push(...[first, ...wrapped].map((l) => `${' '.repeat(flagWidth + 4)}${l}`));
    } else {
      lines.push(`  ${padTo(flag, flagWidth)}  ${first}`);
      lines.push(...wrapped.map((l) => `${' '.repeat(flagWidth + 4)}${l}`));
    }
  }
  return lines;
}

/** The help of the whole tool, in the reader's language (the tables hold messages, rendered here). */
export function mainHelp(commands: readonly { name: string; summary: Message }[], t: Translator = ENGLISH): string {
  return [
    ...wrap(t('help.intro', { bin: BIN })),
    '',
    t('help.usage'),
    `  ${BIN} [flags] <command> [flags]`,
    `  ${BIN} help <command>`,
    `  ${BIN} --version`,
    '',
    t('help.commands'),
    ...table(
      commands.map((c) => [c.name, t(c.summary)]),
      { indent: 2 },
    ),
    '',
    t('help.every_flags'),
    ...flagLines(COMMON_OPTIONS, t),
    '',
    t('help.environment'),
    ...table(
      [
        ['GATEWAY_BASE_URL', t('help.env.base_url')],
        ['GATEWAY_API_KEY', t('help.env.api_key')],
        ['LANG, LC_ALL', t('help.env.lang')],
        ['NO_COLOR', t('help.env.no_color')],
      ],
      { indent: 2 },
    ),
    '',
    ...wrap(t('help.exit_codes')),
    '',
  ].join('\n');
}

export function commandHelp(name: string, help: CommandHelp, options: OptionTable, t: Translator = ENGLISH): string {
  const lines = [...wrap(`${BIN} ${name}: ${t(help.summary)}`), '', t('help.usage'), `  ${help.usage ?? `${BIN} ${name} [flags]`}`, ''];
  if (Object.keys(options).length > 0) lines.push(t('help.flags'), ...flagLines(options, t), '');
  lines.push(t('help.common_flags'), ...flagLines(COMMON_OPTIONS, t), '');
  for (const paragraph of help.details ?? []) lines.push(...wrap(t(paragraph)), '');
  if (help.examples && help.examples.length > 0) lines.push(t('help.examples'), ...help.examples.map((e) => `  ${e}`), '');
  return lines.join('\n');
}
