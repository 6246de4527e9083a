// The Chinese sentences of the cline agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.cline.not_openai': '未标记 `openai`：Cline 通过 chat completions 配置（它会丢弃 `anthropic` 提供方条目的 Base URL）',
  'agents.cline.no_project': 'Cline 没有项目级配置，因此改为配置用户文件 {file}。',
  'agents.cline.key_in_file': 'Cline 无法引用环境变量：密钥保存在 {file} 中（权限 0600）。',
  'agents.cline.no_file': '{file} 不存在：Cline 没有配置任何提供方。',
  'agents.cline.no_provider': '{file} 中没有设置 lastUsedProvider。',
  'agents.cline.other_provider': '{file} 中 lastUsedProvider = "{id}"：Cline 不会使用网关。',
  'agents.cline.no_settings': '{file} 中缺少 providers.{id}.settings。',
  'agents.cline.no_base_url': '{file} 中没有设置 providers.{id}.settings.baseUrl。',
  'agents.cline.no_model': '{file} 中没有设置 providers.{id}.settings.model。',
  'agents.cline.key_in_file_win': 'Cline 无法引用环境变量：密钥保存在 {file} 中，位于你的用户配置文件目录内。',
  'agents.unplan.cline_after': '已从 {file} 删除 lastUsedProvider：Cline 现在没有在用的提供方（运行 `cline auth`）。',
};
