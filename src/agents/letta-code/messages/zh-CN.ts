// The Chinese sentences of the letta-code agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.letta.unsupported':
    'Letta Code 通过 Letta 服务器发送请求，而网关不是 Letta 服务器；只有它的实验性本地后端（`letta --backend local`）会直接调用模型提供方，并且模型按本地智能体保存（创建该智能体时用 --model 选定），不在 setup 能写入并验证的任何文件中。不会为它写入任何配置。',
  'wizard.agents.letta': '需要 Letta 服务器，此处不配置',
};
