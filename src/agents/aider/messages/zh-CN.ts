// The Chinese sentences of the aider agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.aider.not_chat':
    '未标记 `openai`：Aider 通过 chat completions 配置（litellm 会把只支持 Responses 的模型发往 /v1/responses，而它无法解析网关的该响应）',
  'agents.aider.no_project': 'Aider 无法从环境变量读取密钥，而项目级 .aider.conf.yml 会被提交到仓库，因此改为配置用户文件 {file}。',
  'agents.aider.key_in_file': 'Aider 的配置文件无法引用环境变量：密钥保存在 {file} 中（权限 0600）。',
  'agents.aider.no_file': '{file} 不存在：Aider 没有配置网关。',
  'agents.aider.no_base_url': '{file} 中没有设置 openai-api-base。',
  'agents.aider.no_model': '{file} 中没有设置 model。',
  'agents.aider.not_openai_model': '{file} 中 model 为 "{model}"：没有 openai/ 前缀时，Aider 不会把请求发往 openai-api-base。',
  'agents.unplan.aider_after': '已从 {file} 中删除 model：Aider 重新使用它自己的默认模型（或把 model 设为你自己的模型）。',
};
