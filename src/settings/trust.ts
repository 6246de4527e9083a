// Approving a project settings file (`trust`), and the stop for a run that would use what an
// unapproved one sets. Like direnv's `allow`: the approval names the file and the hash of the bytes
// the user saw, so a changed file must be approved again.
import { dirname } from 'node:path';
import { UsageError } from '../core/errors.js';
import { shellWord } from '../core/shell-word.js';
import { commas, msg } from '../i18n/index.js';
import type { LoadedSettings, Withheld } from './index.js';

/** The command that approves a project file, as the user types it. */
const TRUST_COMMAND = 'gateway-agent-setup trust';

/** A run would use a value only an approved project file may give: exit 2 before any request or write. */
class UntrustedError extends UsageError {
  constructor(
    readonly file: string,
    readonly wanted: readonly Withheld[],
  ) {
    super(
      msg('trust.untrusted', { file, wants: commas(wanted.map((w) => `${w.field}: ${w.value}`)) }),
      msg('trust.untrusted_hint', { dir: shellWord(dirname(file)), command: TRUST_COMMAND }),
    );
    this.code = 'untrusted';
    this.details = {
      file,
      wants: wanted.map((w) => ({ field: w.field, value: w.value })),
      approve: `cd ${shellWord(dirname(file))} && ${TRUST_COMMAND}`,
      // The same as data, for a script that runs it without a shell.
      approveArgv: { cwd: dirname(file), argv: TRUST_COMMAND.split(' ') },
    };
  }
}

/** Stops when the run would use a withheld value: one whose field `uses` says this run reads. */
export function refuseWithheld(saved: Pick<LoadedSettings, 'withheld' | 'project'>, uses: (field: string) => boolean): void {
  const wanted = (saved.withheld ?? []).filter((w) => uses(w.field));
  if (wanted.length > 0 && saved.project) throw new UntrustedError(saved.project.file, wanted);
}
