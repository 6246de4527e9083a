// The Chinese sentences of the factory-droid agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.droid.no_protocol': '既未标记 `anthropic` 也未标记 `openai`：Factory Droid 支持 messages、chat completions 和 Responses',
  'agents.droid.no_project': 'Factory Droid 只在用户设置中保存自定义模型，因此改为配置 {file}。',
  'agents.droid.key_in_file': 'Factory Droid 无法引用环境变量：密钥保存在 {file} 中（权限 0600）。',
  'agents.droid.url_note': 'chat 和 Responses；messages 用根地址',
  'agents.droid.no_file': '{file} 不存在',
  'agents.droid.no_custom': '{file} 没有选择自定义模型（"model": "custom:…"）',
  'agents.droid.no_entry': '{file} 中没有与“{model}”对应的自定义模型',
  'agents.droid.other_provider': '{file} 中所选自定义模型的 provider 是“{provider}”，不是 anthropic、openai 或 generic-chat-completion-api',
  'agents.droid.no_base_url': '{file} 中的自定义模型“{model}”没有 baseUrl',
  'agents.droid.no_model': '{file} 中的自定义模型“{model}”没有指定 model',
  'agents.unplan.droid_after': '已从 {file} 删除所选模型：请在 Factory Droid 中重新选择（`/model`）。',
};
