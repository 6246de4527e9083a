// The Chinese sentences of the continue-cli agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.continue.needs_responses': 'Continue CLI 会把名称以 gpt-5 或 o1 开头的模型走 Responses 协议发送，而该模型未标记支持它',
  'agents.continue.no_protocol': '既未标记 `anthropic` 也未标记 `openai`：Continue CLI 只支持 messages 和 chat completions',
  'agents.continue.no_project': 'Continue CLI 没有这类项目配置，因此改为配置用户文件 {file}。',
  'agents.continue.export_key': 'Continue CLI 通过 ${{ secrets.{var} }} 读取密钥：请在 shell 配置文件中 export {var}。',
  'agents.continue.no_file': '{file} 不存在',
  'agents.continue.no_model': '{file} 中没有具有 chat 角色的模型',
  'agents.continue.other_provider': '{file} 中第一个 chat 模型“{name}”的 provider 是“{provider}”，不是 openai 或 anthropic',
  'agents.continue.no_base_url': '{file} 中的模型“{name}”没有 apiBase',
  'agents.continue.no_model_id': '{file} 中的模型“{name}”没有指定 model',
};
