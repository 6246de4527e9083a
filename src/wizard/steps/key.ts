// Step 2: the key, the given one shown masked, or typed with the input hidden.
import { maskKey } from '../../core/mask.js';
import type { KeyInfo } from '../../core/types.js';
import { showId } from '../../gateway/model-id.js';
import { ENGLISH, type Translator } from '../../i18n/index.js';
import { type WizardDeps, countModels, tr } from '../context.js';

/** Step 2: the key: the given one shown masked, or typed with the input hidden. */
export async function askKey(deps: WizardDeps, given?: { key: string; source: string }): Promise<string> {
  const t = tr(deps);
  let key: string;
  if (given && given.key.trim() !== '') {
    key = given.key.trim();
    deps.addSecret?.(key);
    deps.say(`  ${t('wizard.key.from', { source: given.source, key: maskKey(key) })}`);
  } else {
    key = (
      await deps.prompter.password({
        message: t('wizard.key.question'),
        validate: (v) =>
          v.trim() === '' ? t('wizard.key.required') : /[\s\u0000-\u001f\u007f]/.test(v.trim()) ? t('wizard.key.one_word') : true,
      })
    ).trim();
    deps.addSecret?.(key);
    deps.say(`  ${t('wizard.key.shown', { key: maskKey(key) })}`);
  }
  return key;
}

/** What the gateway tells about the key, in one line. */
export function describeKey(info: KeyInfo, t: Translator = ENGLISH): string {
  const quota = info.unlimited
    ? t('wizard.key.unlimited')
    : info.remainingUsd !== undefined
      ? t('wizard.key.quota_left', { usd: `$${info.remainingUsd.toFixed(2)}` })
      : undefined;
  const expiry = info.expiresAt ? t('wizard.key.expires', { date: info.expiresAt.slice(0, 10) }) : t('wizard.key.never_expires');
  const limits =
    info.modelLimits && info.modelLimits.length > 0
      ? t('wizard.key.limited', { models: countModels(t, info.modelLimits.length) })
      : undefined;
  const facts = [quota, expiry, limits].filter(Boolean).join(t('wizard.sep'));
  return t('wizard.key.line', { name: info.name !== undefined ? showId(info.name) : t('wizard.key.unnamed'), facts });
}
