// The Chinese sentences of the letta-code agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.letta.unsupported':
    'Letta Code 把模型保存在它的每个智能体中，而不在 setup 能写入并验证的文件里；直接运行 `letta` 会连接 Letta 服务器，而网关不是。不会为它写入任何配置：请用 `gateway-agent-setup launch letta-code` 通过网关启动它（本地后端，llama.cpp 提供方指向网关，chat completions）。',
  'agents.letta.chat_only':
    '未标记 `openai`：Letta Code 通过 llama.cpp 提供方连接网关，只支持 chat completions（它的 Anthropic 和 OpenAI 提供方不接受我们的地址）',
  'agents.letta.own_record':
    'Letta Code 自己的 llama.cpp 提供方已在 {file} 中设置（记录 {record}，地址 {url}）：它会取代网关，密钥也会发往它的地址。',
  'agents.letta.own_record_hint':
    '请在 Letta Code 中移除它（在 `letta --backend local` 中执行 `/disconnect llama-cpp`），然后重新 launch。',
  'agents.letta.session_note':
    '本次会话运行 Letta Code 的本地后端：其智能体和记忆是本地的（~/.letta/lc-local-backend），而非 Letta 服务器上的；它恢复的智能体此后保留网关的模型。',
  'wizard.agents.letta': '仅 launch：gateway-agent-setup launch letta-code',
};
