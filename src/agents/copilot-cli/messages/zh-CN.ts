// The Chinese sentences of the copilot-cli agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.copilot.no_protocol': 'GitHub Copilot CLI 需要一个通过 Anthropic messages、chat completions 或 Responses API 提供的模型。',
  'agents.copilot.source':
    'GitHub Copilot CLI 只读取环境变量：在 shell 中用 `source {file}` 加载这些变量，或用 `gateway-agent-setup launch copilot-cli` 启动一次会话。',
  'agents.copilot.no_project': 'GitHub Copilot CLI 没有项目配置：两种范围下它的变量都在 {file} 中。',
  'agents.copilot.no_file': '{file} 不存在：请为 GitHub Copilot CLI 运行 setup。',
  'agents.copilot.no_var': '{file} 没有设置 {var}。',
  'agents.copilot.bad_type': '{file} 把 COPILOT_PROVIDER_TYPE 设为“{type}”；连接网关需要 "openai" 或 "anthropic"。',
  'agents.copilot.key_source': '{file} 中的 {var}',
  'agents.copilot.base_url_note': 'chat 与 Responses 模型用根地址 + /v1；Anthropic messages 模型用根地址',
};
