// The English sentences of the letta-code agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.letta.unsupported':
    'Letta Code sends its requests through a Letta server, which the gateway is not; only its experimental local backend (`letta --backend local`) calls a model provider itself, and it keeps the model per local agent, chosen with --model when that agent is made, in no file a setup could write and prove. Nothing is written for it.',
  'wizard.agents.letta': 'needs a Letta server, not configured here',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
