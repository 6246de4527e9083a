// The Chinese sentences of sync: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'sync.model_failed': '{model} 探测失败（{code}，请求 ID {id}）',
  'sync.fails_now': '{model} 现在探测失败（{code}，请求 ID {id}），且该密钥没有其他模型通过',
  'sync.left_none_passes': '{from} 已不在该密钥的模型列表中，且该密钥没有其他模型可以替代通过（{model}：{code}，请求 ID {id}）',
  'sync.left_unjudged': '{from} 已不在该密钥的模型列表中；替代它的模型 {model} 无法判断（{code}，请求 ID {id}：原因不在模型本身）',
  'sync.left_list': '{model} 已不在此密钥的模型列表中',
  'sync.lost_mark': '{model} 失去了 {agent} 需要的标记',
  'sync.newer': '有更新的首选模型可用',
  'sync.base_url_changed': 'Base URL 已变化（{from} → {to}）',
  'sync.model_on_disk': '磁盘上的配置使用的是 {from}，而不是保存的 {to}',
  'sync.protocol_changed': '网关对 {model} 的标记现在要求使用 {to}，而不是 {from}',
  'sync.small_changed': '小型/快速模型从 {from} 改为 {to}',
  'sync.key_changed': '其配置中的密钥与本次运行给它的不同（密钥将更换）',
  'sync.differs': '磁盘上的配置与保存的设置不同',
  'sync.list_changed': '其模型列表有变化：{parts}',
  'sync.list_left': '{models} 已不在此密钥的模型列表中',
  'sync.list_dropped': '{models} 不再适合它',
  'sync.list_joined': '新增 {models}',
  'sync.nothing': '没有需要同步的内容：没有找到保存的设置。',
  'sync.no_agents': '无需同步：你保存的设置中没有使用 {gateway} 的智能体（那里没有配置过，或已被 `remove` 移除）。',
  'sync.no_agents_hint': '用 `{bin} setup --agent ID` 配置一个；之后 sync 会让它保持最新。',
  'sync.nothing_hint': '请先运行 `{bin} setup`（或向导）；它会保存所做的设置。',
};
