// The Chinese sentences of the gemini-cli agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.gemini.unsupported':
    'Gemini CLI 只使用原生 Gemini 协议（/v1beta/models/…:streamGenerateContent），而网关不提供该协议；不会为它写入任何配置。',
  'wizard.agents.gemini': '需要原生 Gemini 协议，此网关不提供',
};
