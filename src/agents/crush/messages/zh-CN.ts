// The Chinese sentences of the crush agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.crush.url_note': 'messages；走 chat 与 Responses 时用根地址 + /v1',
  'agents.crush.no_protocol':
    'Crush 只支持 messages、chat completions，以及名称含 gpt-4/gpt-5 的模型走 Responses：该模型没有标记其中任何一种',
  'agents.crush.no_project':
    '项目级 crush.json 会被提交到仓库，而且 Crush 上次选择的模型（它的数据文件）优先于它，因此改为配置用户文件 {file}。',
  'agents.crush.data_model': 'Crush 把上次选择的模型保存在 {file} 中，并且它优先于配置文件：现在该选择也指向网关模型。',
  'agents.crush.no_file': '{file} 不存在：Crush 没有配置网关。',
  'agents.crush.no_model': '{file} 和 Crush 的数据文件中都没有设置 models.large（model 与 provider）。',
  'agents.crush.other_provider': 'models.large 指向提供方 "{id}"，而不是 {file} 中定义的 "{ours}"：Crush 不会使用网关。',
  'agents.crush.no_base_url': '{file} 中没有设置 providers.{id}.base_url。',
  'agents.crush.other_type': '{file} 中 providers.{id}.type 为 "{type}"：网关不提供这种类型（openai-compat、openai、anthropic）。',
  'agents.unplan.crush_after': '已从 {file} 中删除指向网关的模型选择：Crush 下次启动时会让你选择模型（或使用它的默认模型）。',
};
