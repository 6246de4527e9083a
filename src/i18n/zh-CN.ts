// 简体中文目录：键与 en.ts 完全相同（编译器和 test/unit/i18n-catalogs.test.ts 都会检查），
// `{name}` 参数原样保留。代码、命令、路径、变量名和协议名不翻译，以便用户对照文档和日志。
import type { Catalog } from './text.js';

export const zhCN: Catalog = {
  // ── cli ──────────────────────────────────────────────────────────────────────────────────────
  'cli.error': '错误',
  'cli.warning': '警告',
  'cli.fix': '解决办法：{fix}',
  'cli.request_id': '请求 ID：{id}（请提供给网关的客服/管理员）',
  'cli.url': '地址：{url}',
  'cli.internal_error': '内部错误：{message}',
  'cli.internal_hint': '请加 --verbose 重新运行以查看详情，并附上输出报告此问题。',
  'cli.unknown_command': '未知命令 "{name}"。',
  'cli.unknown_command_hint': '可用命令：{commands}。参见 `{bin} --help`。',
  'cli.bad_lang': '--lang {value}：不支持的语言。',
  'cli.bad_lang_hint': '可选语言：{langs}。',
  // ── end cli ──

  // ── gateway ──────────────────────────────────────────────────────────────────────────────────
  'proto.messages': 'Anthropic Messages（/v1/messages）',
  'proto.responses': 'OpenAI Responses（/v1/responses）',
  'proto.chat': 'Chat Completions（/v1/chat/completions）',
  'proto.images': '图像生成（/v1/images/generations）',
  'diag.the_model': '该模型',
  'diag.quoted_model': '“{model}”',
  'diag.wrong_path.doubled': '网关没有 {where} 这个接口（404）：路径中的 /v1 重复了',
  'diag.wrong_path.doubled_fix': '只给智能体一个 {origin}/v1——会自动追加 /v1 的客户端需要不带路径的根地址 {origin}',
  'diag.wrong_path.missing': '网关没有 {where} 这个接口（404）：路径中缺少 /v1',
  'diag.wrong_path.missing_fix': '使用 {origin}/v1 作为 Base URL（API 位于 /v1 下）',
  'diag.wrong_path.other': '网关没有 {where} 这个接口（404）',
  'diag.wrong_path.other_fix': '请使用网关提供的接口：/v1/messages、/v1/responses、/v1/chat/completions、/v1/models',
  'diag.not_api.console_missing': 'Base URL 指向的是网关的网页控制台，而不是 API；路径中缺少 /v1（{where} 返回了一个 HTML 页面）',
  'diag.not_api.console': 'Base URL 指向的是网关的网页控制台，而不是 API；是否缺少 /v1？（{where} 返回了一个 HTML 页面）',
  'diag.not_api.console_fix': '使用 {origin}/v1 作为 API 的 Base URL（会自动追加 /v1 的客户端用根地址 {origin}）',
  'diag.not_api.proxy': '{origin} 返回了 {status} 和一个网页，而不是网关的 JSON：回答的是网关前面的代理、防火墙或 WAF',
  'diag.not_api.proxy_fix': '检查 Base URL 以及你与网关之间的代理；询问网关管理员是否屏蔽了 API 客户端',
  'diag.no_details': '没有详细信息',
  'diag.rate_limited': '网关正在对此密钥或客户端限流（429）',
  'diag.rate_limited_wait': '网关正在对此密钥或客户端限流（429）；它要求在 {wait} 后重试',
  'diag.rate_limited_fix': '稍等后减少并发再试（--concurrency 1）；向网关管理员询问限额',
  'diag.model_not_allowed': '此密钥的模型限制不包含模型 {model}（{said}）',
  'diag.model_not_allowed_fix': '在控制台的令牌页面为此密钥允许 {model}，或选择密钥列出的模型：运行 {command}',
  'diag.model_not_in_group': '此密钥所在分组没有可用渠道提供模型 {model}（{said}）',
  'diag.model_not_in_group_named': '此密钥所在分组“{group}”没有可用渠道提供模型 {model}（{said}）',
  'diag.model_not_in_group_fix': '选择此密钥分组提供的模型：运行 {command}；或请网关管理员为该分组启用 {model}',
  'diag.model_not_in_group_named_fix': '选择此密钥分组提供的模型：运行 {command}；或请网关管理员为分组“{group}”启用 {model}',
  'diag.quota': '此密钥或其账户剩余额度不足以完成本次调用（{said}）',
  'diag.quota_fix': '在网关控制台为账户钱包充值或提高此密钥的额度，然后重试',
  'diag.model_unpriced': '模型 {model} 在网关上没有设置价格，因此网关拒绝调用它（{said}）',
  'diag.model_unpriced_fix': '请网关管理员为 {model} 设置价格，或换一个模型：运行 {command}',
  'diag.wrong_protocol': '提供模型 {model} 的渠道不支持 {protocol}（{said}）',
  'diag.wrong_protocol_responses_fix': '为 Responses 客户端选择标记了 openai-response 的模型（运行 {command}），或用 chat/messages 类智能体使用 {model}',
  'diag.wrong_protocol_fix': '选择标记了此协议的模型：运行 {command}',
  'diag.no_key_sent': '请求没有携带密钥，而网关要求密钥（{said}）',
  'diag.no_key_sent_fix': '让智能体能读到密钥（它的环境变量或配置），然后重试',
  'diag.bad_key': '网关拒绝了此密钥（{said}）：密钥不存在、已禁用、已过期或已用尽',
  'diag.bad_key_fix': '在网关控制台的令牌页面检查此密钥（状态、有效期、剩余额度），并使用正确的密钥',
  'diag.refused': '网关拒绝了本次调用（{said}）',
  'diag.refused_fix': '在网关控制台检查密钥和模型；防火墙也可能屏蔽 API 客户端——请把请求 ID 发给网关管理员',
  'diag.failed': '网关处理本次调用失败（{said}）',
  'diag.failed_in_stream': '网关在流式响应中途失败（{said}）',
  'diag.failed_fix': '稍后重试；如果一直失败，请把请求 ID 发给网关管理员',
  'net.via_proxy': '（经由代理 {proxy}，来自 {variable}）',
  'net.proxy': '代理 {proxy}（来自 {variable}）',
  'net.proxy_fix': '；检查 {variable}，如果可以直连网关，把 {host} 加入 NO_PROXY',
  'net.connect_timeout': '{seconds} 内无法连接到 {host}{via}（连接超时）',
  'net.connect_timeout_fix': '检查地址、网络和防火墙{proxyFix}',
  'net.headers_timeout': '{host} 接受了请求，但 {seconds} 内没有返回响应（响应头超时）',
  'net.headers_timeout_fix': '请重试；如果只是网关较慢，用 --timeout SECONDS 放宽时间',
  'net.body_timeout': '{host} 已有 {seconds} 没有继续发送响应（响应体超时）',
  'net.body_timeout_fix': '请重试；如果只是模型较慢，用 --timeout SECONDS 放宽时间',
  'net.dns_later': '无法访问 {target}：DNS 查询暂时失败（{code}）',
  'net.dns': '无法访问 {target}：域名无法解析（{code}）',
  'net.check_variable': '检查 {variable}',
  'net.dns_fix': '检查 Base URL 中的主机名，以及你的网络或 DNS',
  'net.refused': '无法访问 {target}：连接被拒绝（ECONNREFUSED）',
  'net.refused_proxy_fix': '确认代理正在运行{proxyFix}',
  'net.refused_fix': '检查 Base URL 中的地址和端口，并确认网关正在运行',
  'net.no_route': '无法访问 {host}{via}：没有到该主机的路由（{code}）',
  'net.no_route_fix': '检查网络、VPN 和防火墙{proxyFix}',
  'net.tls': '与 {host}{via} 的 TLS 握手失败：{detail}（{code}）',
  'net.tls_fix': '检查 Base URL 的协议（http:// 或 https://）和端口；如果使用私有证书颁发机构，请设置 NODE_EXTRA_CA_CERTS',
  'net.proxy_refused': '代理 {proxy}（来自 {variable}）拒绝连接到 {host}（{status}）',
  'net.proxy_refused_fix': '检查代理的地址和凭据{proxyFix}',
  'net.cut': '与 {host}{via} 的连接在响应中途被切断（{code}）',
  'net.cut_fix': '请重试；如果反复出现，说明代理或网关在切断较长的响应——请把请求 ID 发给网关管理员',
  'net.closed': '{host}{via} 没有响应就关闭了连接（{code}）',
  'net.closed_fix': '检查 Base URL 的协议和端口；防火墙可能在丢弃请求{proxyFix}',
  'net.failed': '对 {host}{via} 的请求失败：{detail}（{code}）',
  'net.failed_fix': '检查 Base URL 和网络{proxyFix}',
  'net.not_http': '“{url}”不是 http:// 或 https:// 地址',
  'net.not_http_fix': '以 http(s)://主机[:端口] 的形式给出网关地址，例如 https://gateway.example.com',
  'net.redirect_same': '{host} 返回 {status}，重定向到 {target}；没有跟随重定向，因此密钥没有再次发送',
  'net.redirect_other': '{host} 返回 {status}，重定向到 {target}；没有跟随重定向，因此密钥没有发送到那里',
  'net.redirect_same_fix': '在 Base URL 中使用重定向的目标地址（{target}）',
  'net.redirect_other_fix': '让 Base URL 直接指向网关 API（网关可能另外配置了前端地址）；不要指向会重定向的页面',
  'net.another_address': '另一个地址',
  'net.unreadable_address': '一个无法解析的地址',
  'net.too_big': '{host} 的响应有 {size}，超过了 {cap} 的大小上限',
  'net.too_big_streamed': '{host} 的响应超过了 {cap} 的大小上限',
  'net.too_big_fix': '检查 Base URL 是否指向网关 API；如果是，请把请求 ID 发给网关管理员',
  'models.malformed': '来自 {url} 的模型列表格式不正确：{what}',
  'models.malformed_fix': '检查 Base URL 是否指向 new-api 网关；如果是，请把请求 ID 发给网关管理员',
  'models.malformed.empty': '响应体为空',
  'models.malformed.not_json': '响应体不是 JSON',
  'models.malformed.not_object': '响应体不是 JSON 对象',
  'models.malformed.item': 'data[{index}] 不是对象',
  'models.malformed.id': 'data[{index}].id 不是字符串',
  'models.dropped': '已忽略模型 {id}：{reason}',
  'model_id.empty': '它是空的',
  'model_id.too_long': '它超过了 200 个字符',
  'model_id.control': '它包含控制字符或换行',
  'model_id.quotes': '它包含引号',
  'model_id.backslash': '它包含反斜杠（路径分隔符）',
  'model_id.relative': '它包含相对路径片段（/..）',
  'model_id.path': '它看起来像文件路径',
  'classify.not_chat': '只标记了 {marks}：不是对话模型，没有编程智能体能用它',
  'classify.unknown_marks': '只标记了 {marks}：不是 {messages}、{responses}、{chat} 或 {images} 中的任何一种，没有编程智能体能用它',
  'probe.stream_no_events': '模型“{model}”的 {protocol} 流在收到任何事件之前就结束了，没有收到最终的 {final}',
  'probe.stream_cut': '模型“{model}”的 {protocol} 流在 {events} 个事件后结束，没有收到最终的 {final}',
  'probe.stream_fix': '请重试；如果一直如此，可能是代理切断了流或上游失败——请把请求 ID 发给网关管理员',
  'probe.image_not_json': '模型“{model}”的图像响应不是 JSON',
  'probe.image_no_data': '模型“{model}”的图像响应没有 "data" 数组',
  'probe.image_fix': '确认这是图像模型（运行 `gateway-agent-setup models`）；如果是，请把请求 ID 发给网关管理员',
  'probe.not_stream_text': '网关对模型“{model}”的 {protocol} 请求返回了非 JSON 的响应体，而不是智能体需要的事件流',
  'probe.not_stream_json': '网关对模型“{model}”的 {protocol} 请求返回了普通 JSON，而不是智能体需要的事件流',
  'probe.not_stream_fix': '检查 Base URL 是否指向网关 API；请把请求 ID 发给网关管理员',
  'probe.unreadable': '无法读取探测结果：{detail}',
  'probe.unreadable_fix': '请把请求 ID 发给网关管理员',
  // ── end gateway ──

  // ── core ─────────────────────────────────────────────────────────────────────────────────────
  // ── end core ──

  // ── config ───────────────────────────────────────────────────────────────────────────────────
  // ── end config ──

  // ── agents ───────────────────────────────────────────────────────────────────────────────────
  // ── end agents ──

  // ── setup ────────────────────────────────────────────────────────────────────────────────────
  // ── end setup ──

  // ── commands ─────────────────────────────────────────────────────────────────────────────────
  // ── end commands ──

  // ── help ─────────────────────────────────────────────────────────────────────────────────────
  // ── end help ──

  // ── wizard ───────────────────────────────────────────────────────────────────────────────────
  // ── end wizard ──
};
