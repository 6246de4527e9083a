// Step 3: the key's models, with prices and the key's details when the gateway tells.
import { wrap } from '../../core/layout.js';
import { CancelledError, GatewayError } from '../../core/errors.js';
import { maskKey } from '../../core/mask.js';
import type { ClassifiedModel, KeyInfo } from '../../core/types.js';
import {
  attachPricing,
  fetchKeyUsage,
  fetchMarket,
  inferPriceGroup,
  keyInfoOf,
  listModels,
  repriced,
  usageWarning,
  type ClientOptions,
} from '../../gateway/client.js';
import { type WizardDeps, countModels, describe, progressOf, sayAll, tr } from '../context.js';
import { describeKey } from './key.js';

type ModelsOutcome = { models: ClassifiedModel[]; info?: KeyInfo } | { retry: 'url' | 'key' };

/** Step 3: the key's models (with prices and the key's details when the gateway tells); on failure the diagnosis and a way out. */
export async function loadModels(deps: WizardDeps, client: ClientOptions): Promise<ModelsOutcome> {
  const t = tr(deps);
  const group = progressOf(deps).group();
  group.start('models', t('wizard.models.reading', { root: client.root }));
  try {
    // The marketplace and the key's details are extras: either may be absent (undefined).
    const [list, market, usage] = await Promise.all([listModels(client), fetchMarket(client), fetchKeyUsage(client)]);
    const info = usage && keyInfoOf(usage);
    // Prices at the key's group's ratio where its own list tells the group (as `models` shows them).
    const told =
      market &&
      inferPriceGroup(
        market,
        list.models.map((m) => m.id),
      );
    const listed = attachPricing(list.models, market && told ? repriced(market.prices, told.ratio) : market?.prices);
    group.settle(
      'models',
      true,
      t(list.marked ? 'wizard.models.found' : 'wizard.models.found_unmarked', { models: countModels(t, listed.length) }),
    );
    group.end();
    if (info) sayAll(deps, wrap(describeKey(info, t), 2));
    // A key about to expire or used up: said now, before anything is written with it.
    const warning = usage && usageWarning(maskKey(client.key), usage);
    if (warning) sayAll(deps, wrap(t(warning), 2));
    for (const w of list.warnings) sayAll(deps, wrap(t('core.warning_line', { text: w }), 2));
    return { models: listed, info };
  } catch (err) {
    if (!(err instanceof GatewayError)) {
      group.end();
      throw err;
    }
    group.settle('models', false, t('wizard.models.failed'));
    group.end();
    sayAll(deps, describe(t, err.diagnosis));
    const next = await deps.prompter.select<'url' | 'key' | 'quit'>({
      message: t('wizard.models.what_now'),
      choices: [
        { title: t('wizard.models.retry_url'), value: 'url', short: t('wizard.models.retry_url_short') },
        { title: t('wizard.models.retry_key'), value: 'key', short: t('wizard.models.retry_key_short') },
        { title: t('wizard.models.quit'), value: 'quit', short: t('wizard.models.quit_short') },
      ],
      initial: err.diagnosis.code === 'bad_key' || err.diagnosis.code === 'quota' ? 1 : 0,
    });
    if (next === 'quit') throw new CancelledError();
    return { retry: next };
  }
}
