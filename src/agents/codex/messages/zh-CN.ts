// The Chinese sentences of the codex agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.codex.anthropic':
    '标记为 anthropic：Anthropic 渠道无法提供 /v1/responses（500 convert_request_failed），而 Codex 只使用 Responses',
  'agents.codex.not_responses': '未标记 `openai-response` 或 `openai`：Codex 只使用 Responses API（/v1/responses）',
  'agents.codex.user_table_kept': '{file} 中您自己的提供方 [model_providers.{taken}] 保持原样；网关使用单独的表 [model_providers.{id}]。',
  'agents.codex.user_table_active':
    '{file} 中您自己的提供方 [model_providers.{taken}] 保持原样；网关使用单独的表 [model_providers.{id}]，model_provider 现在指向它（如需改回，设置 model_provider = "{taken}"）。',
  'agents.codex.no_project': 'Codex 会忽略项目 .codex/config.toml 中的模型提供方，因此改为配置用户文件 {file}。',
  'agents.codex.shell_other_key':
    '你的 shell 用另一个密钥（{key}）导出了 {var}；Codex 会用 {dotenv} 覆盖 shell 中的值，因此 Codex 使用写入那里的密钥，但其他程序仍会看到你导出的值。',
  'agents.codex.forbidden_prefix': 'Codex 不允许 {dotenv} 设置以 {prefix} 开头的变量，因此密钥没有保存在那里。',
  'agents.codex.removed_dotenv': '已从 {dotenv} 中删除 {var}：Codex 会用它覆盖你在 shell 中导出的值。旧值保存在备份中。',
  'agents.codex.export_key': 'Codex 从 {var} 读取密钥：请在 shell 配置文件中导出它。',
  'agents.codex.shell_other_key_env': '你的 shell 中的 {var} 是另一个密钥（{key}）；Codex 会发送那一个。请导出新密钥。',
  'agents.codex.no_file': '{file} 不存在：Codex 会使用内置的 OpenAI 提供方。',
  'agents.codex.no_provider': '{file} 中没有设置 model_provider：Codex 会使用内置的 OpenAI 提供方。',
  'agents.codex.builtin_provider': '{file} 中的 model_provider = "{id}" 是 Codex 的内置提供方，不是网关。',
  'agents.codex.no_table': '{file} 中的 model_provider = "{id}" 没有对应的 [model_providers.{id}] 表。',
  'agents.codex.no_base_url': '{file} 中的 [model_providers.{id}] 没有 base_url。',
  'agents.codex.wire_chat': '{file} 中的 [model_providers.{id}]：Codex 已不再支持 wire_api = chat（它会拒绝启动）。',
  'agents.codex.own_default': 'Codex 自己的默认模型，因为 {file} 中没有设置 model',
  'agents.codex.no_model': '{file} 中没有设置 model：Codex 会请求它自己的默认模型。',
  'agents.codex.profile_line':
    '{file} 中有 `profile = "{name}"`，Codex {since} 及以后的版本遇到它会拒绝启动（"legacy profile config is no longer supported"）：配置档现在是单独的文件 {name}.config.toml，用 `--profile {name}` 选择。',
  'agents.codex.removed_profile_line':
    '已从 {file} 中删除 `profile = "{name}"`：Codex {since} 及以后的版本遇到它会拒绝启动（配置档现在是单独的文件 {name}.config.toml，用 `--profile {name}` 选择）。你的 [profiles.{name}] 表保留不动，删除的这一行在备份中。',
  'agents.codex.profile_overrides':
    'Codex {version} 会从 {file} 启用的配置档 "{name}"（`profile = "{name}"`）中取 {fields}，而不是这里写入的值；回读检查的是它实际会用的值。',
  'agents.codex.no_env_key': '[model_providers.{id}] 没有 env_key',
  'agents.unplan.codex_after':
    '已从 {file} 删除 model_provider 和 model：Codex CLI 重新使用 OpenAI 及其自己的登录（或把 model_provider 设为你自己的提供方）。',
  'agents.unplan.dotenv_kept': '已从 {file} 删除 {vars}；文件保留，即使现在是空的。',
};
