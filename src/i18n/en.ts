// The English catalog: every message a person reads, by key. Library code renders these with
// `msg()` (English is also what `--json` prints); the CLI shows them in the user's language. `{name}`
// marks a parameter. Keep each area's keys between its markers (helpers merge sections separately).
export const en = {
  // ── cli ──────────────────────────────────────────────────────────────────────────────────────
  'cli.error': 'error',
  'cli.warning': 'warning',
  'cli.fix': 'fix: {fix}',
  'cli.request_id': 'request ID: {id} (give it to the gateway\'s support)',
  'cli.url': 'url: {url}',
  'cli.internal_error': 'internal error: {message}',
  'cli.internal_hint': 'Run again with --verbose for details, and report it with that output.',
  'cli.unknown_command': 'Unknown command "{name}".',
  'cli.unknown_command_hint': 'Commands: {commands}. See `{bin} --help`.',
  'cli.bad_lang': '--lang {value}: unknown language.',
  'cli.bad_lang_hint': 'Languages: {langs}.',
  // ── end cli ──

  // ── gateway ──────────────────────────────────────────────────────────────────────────────────
  'proto.messages': 'Anthropic Messages (/v1/messages)',
  'proto.responses': 'OpenAI Responses (/v1/responses)',
  'proto.chat': 'Chat Completions (/v1/chat/completions)',
  'proto.images': 'image generation (/v1/images/generations)',
  'diag.the_model': 'the model',
  'diag.quoted_model': '"{model}"',
  'diag.wrong_path.doubled': 'the gateway has no endpoint {where} (404): /v1 is doubled in the path',
  'diag.wrong_path.doubled_fix': 'give the agent {origin}/v1 once — a client that appends /v1 itself needs the bare root {origin}',
  'diag.wrong_path.missing': 'the gateway has no endpoint {where} (404): /v1 is missing from the path',
  'diag.wrong_path.missing_fix': 'use {origin}/v1 as the base URL (the API lives under /v1)',
  'diag.wrong_path.other': 'the gateway has no endpoint {where} (404)',
  'diag.wrong_path.other_fix': 'use an endpoint the gateway serves: /v1/messages, /v1/responses, /v1/chat/completions, /v1/models',
  'diag.not_api.console_missing': "the base URL points at the gateway's web console, not its API; /v1 is missing from the path ({where} answered an HTML page)",
  'diag.not_api.console': "the base URL points at the gateway's web console, not its API; is /v1 missing? ({where} answered an HTML page)",
  'diag.not_api.console_fix': 'use {origin}/v1 as the API base URL (or the bare root {origin} for clients that append /v1)',
  'diag.not_api.proxy': "{origin} answered {status} with a web page instead of the gateway's JSON: a proxy, firewall or WAF in front of the gateway answered",
  'diag.not_api.proxy_fix': 'check the base URL and any proxy between you and the gateway; ask its admin whether API clients are blocked',
  'diag.no_details': 'no details',
  'diag.rate_limited': 'the gateway is rate-limiting this key or client (429)',
  'diag.rate_limited_wait': 'the gateway is rate-limiting this key or client (429); it asks to retry after {wait}',
  'diag.rate_limited_fix': 'wait and try again with fewer requests at once (--concurrency 1); ask the gateway admin about the limits',
  'diag.model_not_allowed': "the key's model limits do not include model {model} ({said})",
  'diag.model_not_allowed_fix': "allow {model} for this key on the console's token page, or pick a model the key lists: run {command}",
  'diag.model_not_in_group': "the key's group has no channel serving model {model} ({said})",
  'diag.model_not_in_group_named': 'the key\'s group "{group}" has no channel serving model {model} ({said})',
  'diag.model_not_in_group_fix': "pick a model the key's group serves: run {command}; or ask the gateway admin to enable {model} for that group",
  'diag.model_not_in_group_named_fix': 'pick a model the key\'s group serves: run {command}; or ask the gateway admin to enable {model} for group "{group}"',
  'diag.quota': 'the key or its account has too little quota left for this call ({said})',
  'diag.quota_fix': "top up the account's wallet or raise the key's quota on the gateway console, then try again",
  'diag.model_unpriced': 'model {model} has no price on the gateway, so it refuses calls to it ({said})',
  'diag.model_unpriced_fix': 'ask the gateway admin to set a price for {model}, or pick another model: run {command}',
  'diag.wrong_protocol': 'the channel serving model {model} cannot speak {protocol} ({said})',
  'diag.wrong_protocol_responses_fix': 'pick a model marked openai-response for Responses clients (run {command}), or use a chat/messages agent for {model}',
  'diag.wrong_protocol_fix': 'pick a model marked for this protocol: run {command}',
  'diag.no_key_sent': 'no key was sent and the gateway requires one ({said})',
  'diag.no_key_sent_fix': 'make the key available to the agent (its environment variable or config), then try again',
  'diag.bad_key': 'the gateway rejected the key ({said}): it is unknown, disabled, expired or used up',
  'diag.bad_key_fix': "check the key on the gateway console's token page (status, expiry, remaining quota) and pass the right one",
  'diag.refused': 'the gateway refused the call ({said})',
  'diag.refused_fix': 'check the key and model on the gateway console; a firewall may also block API clients — send the request id to the gateway admin',
  'diag.failed': 'the gateway failed the call ({said})',
  'diag.failed_in_stream': 'the gateway failed the call inside the stream ({said})',
  'diag.failed_fix': 'try again later; if it persists, send the request id to the gateway admin',
  'net.via_proxy': ' through the proxy {proxy} (from {variable})',
  'net.proxy': 'the proxy {proxy} (from {variable})',
  'net.proxy_fix': '; check {variable}, or add {host} to NO_PROXY if the gateway is reachable directly',
  'net.connect_timeout': 'no connection to {host}{via} within {seconds} (connect timeout)',
  'net.connect_timeout_fix': 'check the address, your network and firewall{proxyFix}',
  'net.headers_timeout': '{host} accepted the request but sent no answer within {seconds} (headers timeout)',
  'net.headers_timeout_fix': 'try again; if the gateway is just slow, allow more time with --timeout SECONDS',
  'net.body_timeout': '{host} stopped sending its answer for {seconds} (body timeout)',
  'net.body_timeout_fix': 'try again; if the model is just slow, allow more time with --timeout SECONDS',
  'net.dns_later': 'cannot reach {target}: the DNS lookup failed for now ({code})',
  'net.dns': 'cannot reach {target}: the name does not resolve ({code})',
  'net.check_variable': 'check {variable}',
  'net.dns_fix': 'check the host name in the base URL, and your network or DNS',
  'net.refused': 'cannot reach {target}: connection refused (ECONNREFUSED)',
  'net.refused_proxy_fix': 'check that the proxy runs{proxyFix}',
  'net.refused_fix': 'check the address and port in the base URL, and that the gateway is running',
  'net.no_route': 'cannot reach {host}{via}: no route to the host ({code})',
  'net.no_route_fix': 'check your network, VPN and firewall{proxyFix}',
  'net.tls': 'the TLS handshake with {host}{via} failed: {detail} ({code})',
  'net.tls_fix': 'check the scheme (http:// or https://) and port in the base URL; for a private certificate authority set NODE_EXTRA_CA_CERTS',
  'net.proxy_refused': 'the proxy {proxy} (from {variable}) refused to connect to {host} ({status})',
  'net.proxy_refused_fix': "check the proxy's address and credentials{proxyFix}",
  'net.cut': 'the connection to {host}{via} was cut in the middle of the answer ({code})',
  'net.cut_fix': 'try again; if it keeps happening, a proxy or the gateway is cutting long answers — send the request id to the gateway admin',
  'net.closed': '{host}{via} closed the connection without answering ({code})',
  'net.closed_fix': 'check the scheme and port in the base URL; a firewall may be dropping the request{proxyFix}',
  'net.failed': 'the request to {host}{via} failed: {detail} ({code})',
  'net.failed_fix': 'check the base URL and your network{proxyFix}',
  'net.not_http': '"{url}" is not an http:// or https:// URL',
  'net.not_http_fix': 'give the gateway address as http(s)://host[:port], e.g. https://gateway.example.com',
  'net.redirect_same': '{host} answered {status}, redirecting to {target}; the redirect was not followed, so the key was not sent again',
  'net.redirect_other': '{host} answered {status}, redirecting to {target}; the redirect was not followed, so the key was not sent there',
  'net.redirect_same_fix': 'use the address it redirects to ({target}) in the base URL',
  'net.redirect_other_fix': 'point the base URL at the gateway API itself (the gateway may have a separate frontend address configured); never at a page that redirects',
  'net.another_address': 'another address',
  'net.unreadable_address': 'an unreadable address',
  'net.too_big': 'the answer from {host} is {size}, over the {cap} size cap',
  'net.too_big_streamed': 'the answer from {host} went over the {cap} size cap',
  'net.too_big_fix': 'check that the base URL points at the gateway API; send the request id to the gateway admin if it does',
  'models.malformed': 'the model list from {url} is malformed: {what}',
  'models.malformed_fix': 'check that the base URL points at a new-api gateway; if it does, send the request id to the gateway admin',
  'models.malformed.empty': 'the body is empty',
  'models.malformed.not_json': 'the body is not JSON',
  'models.malformed.not_object': 'the body is not a JSON object',
  'models.malformed.item': 'data[{index}] is not an object',
  'models.malformed.id': 'data[{index}].id is not a string',
  'models.dropped': 'dropped model {id}: {reason}',
  'model_id.empty': 'it is empty',
  'model_id.too_long': 'it is longer than 200 characters',
  'model_id.control': 'it contains control characters or line breaks',
  'model_id.quotes': 'it contains quotes',
  'model_id.backslash': 'it contains a backslash (a path separator)',
  'model_id.relative': 'it contains a relative path segment (/..)',
  'model_id.path': 'it looks like a file path',
  'classify.not_chat': 'marked only {marks}: not a chat model, so no coding agent can use it',
  'classify.unknown_marks': 'marked only {marks}: none of {messages}, {responses}, {chat} or {images}, so no coding agent can use it',
  'probe.stream_no_events': 'the {protocol} stream for model "{model}" ended without a single event, before its final {final}',
  'probe.stream_cut': 'the {protocol} stream for model "{model}" ended after {events} event(s), before its final {final}',
  'probe.stream_fix': 'try again; if it persists, a proxy may be cutting streams or the upstream failed — send the request id to the gateway admin',
  'probe.image_not_json': 'the image answer for model "{model}" is not JSON',
  'probe.image_no_data': 'the image answer for model "{model}" has no "data" array',
  'probe.image_fix': 'check the model is an image model (run `gateway-agent-setup models`); send the request id to the gateway admin if it is',
  'probe.not_stream_text': 'the gateway answered the {protocol} request for model "{model}" with a body that is not JSON, not the event stream agents ask for',
  'probe.not_stream_json': 'the gateway answered the {protocol} request for model "{model}" with plain JSON, not the event stream agents ask for',
  'probe.not_stream_fix': 'check that the base URL points at the gateway API; send the request id to the gateway admin',
  'probe.unreadable': 'the probe could not be read: {detail}',
  'probe.unreadable_fix': 'send the request id to the gateway admin',
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
