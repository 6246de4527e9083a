// The Chinese sentences of the kimi-code agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.kimi.no_protocol': '没有 `anthropic`、`openai` 或 `openai-response` 标记：Kimi Code 使用 messages、chat completions 或 Responses',
  'agents.kimi.no_project': 'Kimi Code 只从 {file} 读取提供方，因此改为配置该用户文件。',
  'agents.kimi.user_provider': '{file} 中你自己的提供方 [providers.{taken}] 保持不变；网关使用自己的 [providers.{id}]。',
  'agents.kimi.export_key': 'Kimi Code 从 {var}（api_key_env）读取密钥：请在 shell 配置文件中导出它。',
  'agents.kimi.shell_other_key': '你的 shell 中的 {var} 是另一个密钥（{key}）；Kimi Code 会发送那个密钥。请导出新密钥。',
  'agents.kimi.env_model':
    '你的环境中设置了 KIMI_MODEL_NAME（"{model}"）：Kimi Code 会使用该模型，而不是 {file} 中的 default_model。请取消设置它。',
  'agents.kimi.no_file': '{file} 不存在：在你登录或配置模型之前，Kimi Code 没有可用模型。',
  'agents.kimi.no_default': '{file} 中没有设置 default_model：没有它 Kimi Code 拒绝运行。',
  'agents.kimi.legacy_no_default': '{file} 中没有设置 default_model：kimi-cli 没有可用的模型。',
  'agents.kimi.legacy_binary':
    'PATH 上的 `kimi` 是 kimi-cli {version}，已停止维护、由 Kimi Code 取代（其最后版本 1.52.0 只打印一条提示，不再运行）：kimi-cli 读取 {legacy}，从不读取 setup 为 Kimi Code 写入的 {file}。安装 Kimi Code：`npm install -g @moonshot-ai/kimi-code`',
  'agents.kimi.legacy_file': '{legacy} 是 kimi-cli 的配置（已停止维护、由 Kimi Code 取代），保持原样未改动。Kimi Code 读取的是 {file}。',
  'agents.kimi.no_alias': '{file} 中的 default_model = "{alias}" 没有对应的 [models."{alias}"] 表。',
  'agents.kimi.alias_incomplete': '{file} 中的 [models."{alias}"] 缺少 provider 或 model。',
  'agents.kimi.no_context_size': '{file} 中的 [models."{alias}"] 没有正数的 max_context_size，而 Kimi Code 要求必须有。',
  'agents.kimi.no_provider': '[models."{alias}"] 指定的提供方 "{id}" 在 {file} 中没有 [providers.{id}] 表。',
  'agents.kimi.other_type': '{file} 中的 [providers.{id}] 类型为 "{type}"，不是网关支持的类型（openai、openai_responses、anthropic）。',
  'agents.kimi.no_base_url': '{file} 中的 [providers.{id}] 没有 base_url。',
  'agents.kimi.both_keys': '{file} 中的 [providers.{id}] 同时设置了 api_key 和 api_key_env，Kimi Code 会拒绝：请删除其中一个。',
  'agents.unplan.kimi_after': '已从 {file} 删除 default_model：请把它设为你自己的某个模型，或重新登录 Kimi Code。',
};
