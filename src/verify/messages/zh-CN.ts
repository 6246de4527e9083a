// The Chinese sentences of verify's plan: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'verify.model_not_listed': '--model {model}：此密钥看不到这个模型（GET /v1/models 没有列出它）。',
  'verify.no_models': '（无：此密钥看不到任何模型）',
  'verify.model_not_listed_hint': '此密钥的模型：{models}。（--force 可强制探测。）',
  'verify.not_marked_for': '{model} 没有标记 {protocol}；仍然进行探测。',
  'verify.may_serve': '{model} 可能也支持 {protocol}；可用 --protocol {p} 检查。',
  'verify.marked_only': '它只标记了 {marks}',
  'verify.nothing': '（无）',
  'verify.no_agent_protocol': '{model} 不支持任何编程智能体使用的协议：{why}。',
  'verify.pick_model': '请用 `models` 选择模型。',
  'verify.pick_model_images': '请用 `models` 选择模型。图像生成只有加 --protocol images 时才会探测（会产生费用）。',
  'verify.none_marked': '此密钥没有标记 {protocol} 的模型：不探测。',
  'verify.none_serves': '此密钥没有支持 {protocol} 的模型。',
  'verify.none_serves_any': '此密钥没有支持 messages、Responses 或 chat 的模型。',
  'verify.none_serves_hint': '此密钥的模型：{models}。请网关管理员为你的密钥分组启用模型。',
};
