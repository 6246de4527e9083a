// `trust`: approve the project settings file that applies here, after showing what it sets; the
// approval (its path and the hash of these bytes) goes into the user's own settings file. A changed
// file needs approval again; `--revoke` takes the approval back.
import { UsageError } from '../../core/errors.js';
import { msg } from '../../i18n/index.js';
import { flag, type OptionTable, type ParsedArgs } from '../args.js';
import type { CommandHelp } from '../command-types.js';
import type { CliContext } from '../context.js';
import { BIN } from '../help.js';
import { print, printJson } from '../output.js';
import { wrap } from '../../core/layout.js';

export const options: OptionTable = {
  revoke: { type: 'boolean', description: msg('help.opt.trust_revoke') },
  yes: { type: 'boolean', short: 'y', description: msg('help.opt.yes_noop') },
  json: { type: 'boolean', description: msg('help.opt.json') },
};

export const help: CommandHelp = {
  summary: msg('help.summary.trust'),
  usage: `${BIN} trust [--revoke] [--json]`,
  details: [msg('help.detail.trust.what'), msg('help.detail.trust.where')],
  examples: [`cd my-repo && ${BIN} trust`, `${BIN} trust --revoke`],
};

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const [{ findProjectFile }, { everythingOf, updateUserSettings, validateSettings }] = await Promise.all([
    import('../../settings/project.js'),
    import('../../settings/index.js'),
  ]);
  const found = await findProjectFile(ctx.cwd, ctx.home);
  if (!found) throw new UsageError(msg('trust.none', { dir: ctx.cwd }), msg('trust.none_hint'));
  const revoke = flag(args.values, 'revoke');
  // Validated first: a file with a bad field is neither approved nor shown as if it were fine.
  const project = validateSettings(found.config, found.file, 'project');
  const sets = everythingOf(project);
  await updateUserSettings(ctx, (s) => {
    const trusted = { ...s.trusted };
    if (revoke) delete trusted[found.file];
    else trusted[found.file] = found.hash;
    const { trusted: _old, ...rest } = s;
    return { ...rest, ...(Object.keys(trusted).length > 0 && { trusted }) };
  });
  if (ctx.json) {
    printJson(ctx, {
      ok: true,
      file: found.file,
      sha256: found.hash,
      trusted: !revoke,
      sets: sets.map((w) => ({ field: w.field, value: w.value })),
    });
    return 0;
  }
  const lines = wrap(ctx.t(revoke ? 'trust.revoked' : 'trust.approved', { file: found.file }));
  if (!revoke) {
    if (sets.length === 0) lines.push(...wrap(ctx.t('trust.sets_nothing'), 2));
    else {
      lines.push(...wrap(ctx.t('trust.sets'), 2));
      for (const w of sets) lines.push(`    ${w.field}: ${ctx.t('trust.value', { value: w.value })}`);
    }
    lines.push(...wrap(ctx.t('trust.changed_again', { bin: BIN }), 2));
  }
  print(ctx, lines);
  return 0;
}
