// The Chinese sentences of the openclaw agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.openclaw.no_protocol':
    '没有 `anthropic`、`openai` 或 `openai-response` 标记：OpenClaw 使用 messages、chat completions 或 Responses',
  'agents.openclaw.no_project': 'OpenClaw 没有项目级配置，因此改为配置用户文件 {file}。',
  'agents.openclaw.user_provider': '{file} 中你自己的提供方 models.providers.{taken} 保持不变；网关使用自己的 models.providers.{id}。',
  'agents.openclaw.export_key': 'OpenClaw 从 {var} 读取密钥（配置中引用该变量，启动时替换）：请在 shell 配置文件中导出它。',
  'agents.openclaw.lower_case_var': 'OpenClaw 只替换配置中的大写变量，而 {var} 不是：因此把密钥本身写入了 {file}。',
  'agents.openclaw.no_file': '{file} 不存在：OpenClaw 没有网关的提供方。',
  'agents.openclaw.no_primary': '{file} 中的 agents.defaults.model.primary 没有以 provider/model 的形式指定模型。',
  'agents.openclaw.no_provider': '默认模型指定的提供方 "{id}" 不在 {file} 的 models.providers 下。',
  'agents.openclaw.other_api':
    '{file} 中的 models.providers.{id} 使用 api "{api}"，不是网关支持的（anthropic-messages、openai-completions、openai-responses）。',
  'agents.openclaw.no_base_url': '{file} 中的 models.providers.{id} 没有 baseUrl。',
  'agents.openclaw.other_secret': '{file} 中的 models.providers.{id}.apiKey 是本工具不读取的密钥引用（只支持 source "env"）。',
  'agents.unplan.openclaw_after':
    '已从 {file} 删除默认模型：OpenClaw 会重新使用它自己的默认模型（或请设置 agents.defaults.model.primary）。',
};
