// Help text, built from the same option tables the parser uses, so help and behaviour agree.
import { COMMON_OPTIONS, type OptionTable } from './args.js';
import { table, wrap } from './output.js';

export const BIN = 'gateway-agent-setup';

export interface CommandHelp {
  summary: string;
  usage?: string;
  /** Paragraphs printed after the flags. */
  details?: readonly string[];
  examples?: readonly string[];
}

/** Help for the commands of this file's owner; other commands export `help` from their module. */
export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  models: {
    summary: "The key's models by protocol, and which agent each suits.",
    usage: `${BIN} models [--json] [--all]`,
    details: [
      'Reads GET /v1/models with your key (the list the gateway enforces), plus the marketplace (/api/pricing) and key information (/api/usage/token/) when the gateway answers them.',
      'A model marked only for chat may still serve Responses: "needs a probe" means only a live request tells; run `verify`.',
      'With --json, every model is listed (including those no agent can use).',
    ],
    examples: [`export GATEWAY_BASE_URL=https://gw.example.com GATEWAY_API_KEY=sk-…`, `${BIN} models`],
  },
  verify: {
    summary: 'One minimal request per protocol: what works, with request IDs.',
    usage: `${BIN} verify [--model ID] [--protocol NAME] [--json] [flags]`,
    details: [
      'Without --model: one model per protocol the key offers (messages, Responses, chat). With --model: every protocol the model is marked for.',
      'Each failure names its cause (key, model limit, group, quota, price, path, protocol, network) and the request ID to give support.',
      'Exit 0 when every probe passes, 1 when one fails.',
    ],
    examples: [`${BIN} verify`, `${BIN} verify --model gpt-5.1 --protocol responses`],
  },
  simulate: {
    summary: 'Run a local fake gateway, to try the tool without a real key.',
    usage: `${BIN} simulate [--port N]`,
    details: ['Listens on 127.0.0.1 until Ctrl-C. Its keys are fake and it sends nothing anywhere.'],
  },
};

function optionRows(options: OptionTable): string[][] {
  return Object.entries(options).map(([name, spec]) => {
    const short = spec.short ? `-${spec.short}, ` : '';
    const value = spec.value ? ` ${spec.value}` : '';
    const choices = spec.choices ? ` (${spec.choices.join('|')})` : '';
    return [`${short}--${name}${value}`, spec.description + choices];
  });
}

function flagLines(options: OptionTable): string[] {
  // The description column is the one that wraps: keep flags readable, cut long descriptions by wrapping.
  const rows = optionRows(options);
  const flagWidth = Math.min(26, Math.max(...rows.map((r) => (r[0] ?? '').length)));
  const lines: string[] = [];
  for (const [flag = '', description = ''] of rows) {
    const wrapped = wrap(description, 0, 80 - 4 - flagWidth);
    const first = wrapped.shift() ?? '';
    if (flag.length > flagWidth) {
      lines.push(`  ${flag}`);
      lines.push(...[first, ...wrapped].map((l) => `${' '.repeat(flagWidth + 4)}${l}`));
    } else {
      lines.push(`  ${flag.padEnd(flagWidth)}  ${first}`);
      lines.push(...wrapped.map((l) => `${' '.repeat(flagWidth + 4)}${l}`));
    }
  }
  return lines;
}

export function mainHelp(commands: readonly { name: string; summary: string }[]): string {
  return [
    ...wrap(`${BIN}: configure coding agents for a new-api model gateway, and prove the setup with a live request.`),
    '',
    'Usage:',
    `  ${BIN} <command> [flags]`,
    `  ${BIN} help <command>`,
    '',
    'Commands:',
    ...table(commands.map((c) => [c.name, c.summary]), { indent: 2 }),
    '',
    'Flags for every command:',
    ...flagLines({ ...COMMON_OPTIONS, version: { type: 'boolean', description: 'Print the version.' } }),
    '',
    'Environment:',
    ...table([
      ['GATEWAY_BASE_URL', 'The gateway address (or --base-url).'],
      ['GATEWAY_API_KEY', 'Your key (or --api-key-env NAME to read another variable).'],
      ['NO_COLOR', 'Set to turn colour off.'],
    ], { indent: 2 }),
    '',
    'Exit codes: 0 success, 1 the job failed, 2 bad usage or input, 130 cancelled.',
    '',
  ].join('\n');
}

export function commandHelp(name: string, help: CommandHelp, options: OptionTable): string {
  const lines = [...wrap(`${BIN} ${name}: ${help.summary}`), '', 'Usage:', `  ${help.usage ?? `${BIN} ${name} [flags]`}`, ''];
  if (Object.keys(options).length > 0) lines.push('Flags:', ...flagLines(options), '');
  lines.push('Common flags:', ...flagLines(COMMON_OPTIONS), '');
  for (const paragraph of help.details ?? []) lines.push(...wrap(paragraph), '');
  if (help.examples && help.examples.length > 0) lines.push('Examples:', ...help.examples.map((e) => `  ${e}`), '');
  return lines.join('\n');
}
