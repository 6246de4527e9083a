// The English sentences of the gemini-cli agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.gemini.unsupported':
    'Gemini CLI speaks only the native Gemini protocol (/v1beta/models/…:streamGenerateContent), which the gateway does not offer; nothing is written for it.',
  'wizard.agents.gemini': 'needs native Gemini, not served here',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
