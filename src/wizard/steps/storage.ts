// Step 6: scope and key storage, each option with its consequence on its line.
import type { KeyStorage, Scope } from '../../agents/types.js';
import { type WizardDefaults, type WizardDeps, type WizardGiven, fit, tr } from '../context.js';

/** Step 6: scope and key storage, each option with its consequence on its line. */
export async function askStorage(
  deps: WizardDeps,
  given: Pick<WizardGiven, 'scope' | 'keyStorage' | 'keyEnvVar'>,
  previous: Pick<WizardDefaults, 'scope' | 'keyStorage'> = {},
): Promise<{ scope: Scope; keyStorage: KeyStorage }> {
  const t = tr(deps);
  const scope =
    given.scope ??
    (await deps.prompter.select<Scope>({
      message: t('wizard.scope.question'),
      choices: [
        { title: t('wizard.scope.user'), value: 'user', short: 'user' },
        { title: t('wizard.scope.project'), value: 'project', short: 'project' },
      ],
      initial: previous.scope === 'project' ? 1 : 0,
    }));
  const keyStorage =
    given.keyStorage ??
    (await deps.prompter.select<KeyStorage>({
      message: t('wizard.storage.question'),
      choices: [
        { title: t(deps.env.platform === 'win32' ? 'wizard.storage.file_win' : 'wizard.storage.file'), value: 'file', short: 'file' },
        { title: fit(t('wizard.storage.env', { var: given.keyEnvVar }), 74), value: 'env', short: 'env' },
      ],
      initial: previous.keyStorage === 'env' ? 1 : 0,
    }));
  return { scope, keyStorage };
}
