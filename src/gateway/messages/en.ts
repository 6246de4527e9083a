// The English sentences of the gateway client, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../i18n/index.js';

export const en = {
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
  'diag.no_endpoint':
    'the gateway does not serve {protocol} at all ({where} answered 404): an older gateway, such as one-api, serves chat completions only',
  'diag.no_endpoint_fix':
    "use an agent that speaks chat completions with this gateway ({command} shows what its models serve), or ask the gateway's admin for {protocol}",
  'diag.wrong_path.other_fix': 'use an endpoint the gateway serves: /v1/messages, /v1/responses, /v1/chat/completions, /v1/models',
  'diag.not_api.console_missing':
    "the base URL points at the gateway's web console, not its API; /v1 is missing from the path ({where} answered an HTML page)",
  'diag.not_api.console': "the base URL points at the gateway's web console, not its API; is /v1 missing? ({where} answered an HTML page)",
  'diag.not_api.console_fix': 'use {origin}/v1 as the API base URL (or the bare root {origin} for clients that append /v1)',
  'diag.not_api.proxy':
    "{origin} answered {status} with a web page instead of the gateway's JSON: a proxy, firewall or WAF in front of the gateway answered",
  'diag.not_api.proxy_fix': 'check the base URL and any proxy between you and the gateway; ask its admin whether API clients are blocked',
  'diag.no_details': 'no details',
  'diag.rate_limited': 'the gateway is rate-limiting this key or client (429)',
  'diag.rate_limited_wait': 'the gateway is rate-limiting this key or client (429); it asks to retry after {wait}',
  'diag.rate_limited_fix': 'wait and try again with fewer requests at once (--concurrency 1); ask the gateway admin about the limits',
  'diag.model_not_allowed': "the key's model limits do not include model {model} ({said})",
  'diag.model_not_allowed_fix': "allow {model} for this key on the console's token page, or pick a model the key lists: run {command}",
  'diag.model_not_in_group': "the key's group has no channel serving model {model} ({said})",
  'diag.model_not_in_group_named': 'the key\'s group "{group}" has no channel serving model {model} ({said})',
  'diag.model_not_in_group_fix':
    "pick a model the key's group serves: run {command}; or ask the gateway admin to enable {model} for that group",
  'diag.model_not_in_group_named_fix':
    'pick a model the key\'s group serves: run {command}; or ask the gateway admin to enable {model} for group "{group}"',
  'diag.quota': 'the key or its account has too little quota left for this call ({said})',
  'diag.quota_plan':
    "the account's subscription plan has too little quota left for this call, or the account has no plan the gateway bills this key from ({said})",
  'diag.quota_plan_fix': "renew or change the plan on the gateway console's subscription page (the key's own quota is not what ran out)",
  'diag.quota_fix': "top up the account's wallet or raise the key's quota on the gateway console, then try again",
  'diag.model_unpriced': 'model {model} has no price on the gateway, so it refuses calls to it ({said})',
  'diag.model_unpriced_fix': 'ask the gateway admin to set a price for {model}, or pick another model: run {command}',
  'diag.wrong_protocol': 'the channel serving model {model} cannot speak {protocol} ({said})',
  'diag.wrong_protocol_responses_fix':
    'pick a model marked openai-response for Responses clients (run {command}), or use a chat/messages agent for {model}',
  'diag.wrong_protocol_fix': 'pick a model marked for this protocol: run {command}',
  'diag.no_key_sent': 'no key was sent and the gateway requires one ({said})',
  'diag.no_key_sent_fix': 'make the key available to the agent (its environment variable or config), then try again',
  'diag.bad_key': 'the gateway rejected the key ({said}): it is unknown, disabled, expired or used up',
  'diag.bad_key_fix': "check the key on the gateway console's token page (status, expiry, remaining quota) and pass the right one",
  'diag.refused': 'the gateway refused the call ({said})',
  'diag.refused_fix':
    'check the key and model on the gateway console; a firewall may also block API clients — send the request id to the gateway admin',
  'diag.failed': 'the gateway failed the call ({said})',
  'diag.failed_in_stream': 'the gateway failed the call inside the stream ({said})',
  'diag.failed_fix': 'try again later; if it persists, send the request id to the gateway admin',
  'diag.upstream_not_this_endpoint':
    'the provider behind the gateway refuses model {model} over {protocol}: it is not a model for this endpoint ({said})',
  'diag.upstream_not_this_endpoint_fix':
    'pick a chat model for the agent: run {command} (embedding, speech and transcription models cannot serve a coding agent)',
  'diag.channel_upstream':
    "the gateway's channel for model {model} failed: the provider behind it answered with an error of its own ({said}); your key, group and limits are not the cause",
  'diag.channel_gateway':
    "the gateway's channel for model {model} failed: the gateway got no usable answer from its provider ({said}); your key, group and limits are not the cause",
  'diag.channel_fix':
    "tell the gateway's administrator, with the request id; meanwhile pick another model: run `gateway-agent-setup models`",
  'diag.concurrency': 'the key allows fewer requests at once than were sent ({said})',
  'diag.concurrency_fix': "retry with --concurrency 1, or ask the gateway admin to raise the key's concurrency limit",
  'diag.group_denied': 'the key\'s group "{group}" is not one its owner may use ({said})',
  'diag.group_deprecated': 'the key\'s group "{group}" is no longer on the gateway: its administrator removed it ({said})',
  'diag.group_denied_fix':
    'create a key in a group you may use on the console\'s token page (or ask the gateway admin about group "{group}"), then run setup with the new key',
  'diag.not_offered': 'the gateway does not implement {where} ({said})',
  'diag.bad_key_expired': 'the key has expired ({said})',
  'diag.bad_key_expired_fix': "extend its expiry on the console's token page, or create a new key and pass that one",
  'diag.bad_key_exhausted': "the key's own quota is used up ({said})",
  'diag.bad_key_exhausted_fix': "raise the key's quota (or make it unlimited) on the console's token page, or create a new key",
  'diag.bad_key_disabled': 'the key is disabled ({said})',
  'diag.bad_key_disabled_fix': "enable it on the console's token page, or pass another key",
  'diag.bad_key_expired_on': "the key expired on {date} ({said}; the gateway's token usage tells its expiry)",
  'diag.bad_key_unknown': 'the gateway does not know this key ({said}): it was deleted, mistyped or belongs to another gateway',
  'diag.bad_key_unknown_fix': "copy the key again from the console's token page of this gateway (or create one), and pass that one",
  'diag.bad_key_told_disabled':
    "the key is disabled ({said}; the gateway's token usage shows it in date and with quota left, so its status is what refuses it)",
  'diag.busy_cpu': 'the gateway is busy: it refuses calls while its CPU is past the load threshold its admin set ({said})',
  'diag.busy_memory': 'the gateway is busy: it refuses calls while its memory is past the load threshold its admin set ({said})',
  'diag.busy_disk': 'the gateway is busy: it refuses calls while its disk is past the load threshold its admin set ({said})',
  'diag.busy_fix':
    'try again in a minute; the key, the model and your setup are not the cause (if it lasts, send the request id to the gateway admin)',
  'diag.bad_key_ip': 'the key may not be used from this IP address ({said})',
  'diag.bad_key_ip_fix': "add this machine's address to the key's IP allow-list on the console's token page",
  'diag.bad_key_banned': 'the account that owns the key is banned ({said})',
  'diag.bad_key_banned_fix': "contact the gateway's administrator",
  'net.via_proxy': ' through the proxy {proxy} (from {variable})',
  'net.proxy': 'the proxy {proxy} (from {variable})',
  'net.proxy_fix': '; check {variable}, or add {host} to NO_PROXY if the gateway is reachable directly',
  'net.connect_timeout': 'no connection to {host}{via} within {seconds} (connect timeout)',
  'net.connect_timeout_fix': 'check the address, your network and firewall{proxyFix}',
  'net.headers_timeout': '{host} accepted the request but sent no answer within {seconds} (headers timeout)',
  'net.headers_timeout_fix': 'try again; if the gateway is just slow, allow more time with --timeout SECONDS',
  'net.deadline': '{host} did not finish its answer within {seconds} (body timeout: the time limit of the whole request)',
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
  'net.tls_fix':
    'check the scheme (http:// or https://) and port in the base URL; for a private certificate authority set NODE_EXTRA_CA_CERTS',
  'net.proxy_refused': 'the proxy {proxy} (from {variable}) refused to connect to {host} ({status})',
  'net.proxy_refused_fix': "check the proxy's address and credentials{proxyFix}",
  'net.cut': 'the connection to {host}{via} was cut in the middle of the answer ({code})',
  'net.cut_fix':
    'try again; if it keeps happening, a proxy or the gateway is cutting long answers — send the request id to the gateway admin',
  'net.closed': '{host}{via} closed the connection without answering ({code})',
  'net.closed_fix': 'check the scheme and port in the base URL; a firewall may be dropping the request{proxyFix}',
  'net.failed': 'the request to {host}{via} failed: {detail} ({code})',
  'net.failed_fix': 'check the base URL and your network{proxyFix}',
  'net.not_http': '"{url}" is not an http:// or https:// URL',
  'net.not_http_fix': 'give the gateway address as http(s)://host[:port], e.g. https://gateway.example.com',
  'net.redirect_same': '{host} answered {status}, redirecting to {target}; the redirect was not followed, so the key was not sent again',
  'net.redirect_other': '{host} answered {status}, redirecting to {target}; the redirect was not followed, so the key was not sent there',
  'net.redirect_same_fix': 'use the address it redirects to ({target}) in the base URL',
  'net.redirect_other_fix':
    'point the base URL at the gateway API itself (the gateway may have a separate frontend address configured); never at a page that redirects',
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
  'models.malformed.data': '"data" is not an array',
  'models.malformed.item': 'data[{index}] is not an object',
  'models.malformed.id': 'data[{index}].id is not a string',
  'models.dropped': 'dropped model {id}: {reason}',
  'model_id.empty': 'it is empty',
  'model_id.dash': 'it starts with "-", so a command line would read it as a flag',
  'model_id.too_long': 'it is longer than 200 characters',
  'model_id.control': 'it contains control characters or line breaks',
  'model_id.quotes': 'it contains quotes',
  'model_id.backslash': 'it contains a backslash (a path separator)',
  'model_id.relative': 'it contains a relative path segment ("/..")',
  'model_id.path': 'it looks like a file path',
  'classify.not_chat': 'marked only {marks}: not a chat model, so no coding agent can use it',
  'classify.unknown_marks': 'marked only {marks}: none of {messages}, {responses}, {chat} or {images}, so no coding agent can use it',
  'classify.not_chat_name':
    '{model} is by its name {kind} model, not a chat model (the gateway marks every model of an OpenAI-type channel {chat}, whatever it serves), so no coding agent is given it; to try it anyway: gateway-agent-setup verify --model {model} --protocol chat',
  'classify.kind.embedding': 'an embedding',
  'classify.kind.speech': 'a text-to-speech',
  'classify.kind.transcription': 'a transcription',
  'classify.kind.moderation': 'a moderation',
  'classify.kind.rerank': 'a rerank',
  'probe.stream_no_events': 'the {protocol} stream for model "{model}" ended without a single event, before its final {final}',
  'probe.stream_cut': 'the {protocol} stream for model "{model}" ended after {events} event(s), before its final {final}',
  'probe.stream_empty':
    'the {protocol} stream for model "{model}" reached its end without an answer: the gateway closed it, but its provider sent nothing usable',
  'probe.stream_fix':
    'try again; if it persists, a proxy may be cutting streams or the upstream failed — send the request id to the gateway admin',
  'probe.image_not_json': 'the image answer for model "{model}" is not JSON',
  'probe.image_no_data': 'the image answer for model "{model}" has no "data" array',
  'probe.image_fix':
    'check the model is an image model (run `gateway-agent-setup models`); send the request id to the gateway admin if it is',
  'probe.not_stream_text':
    'the gateway answered the {protocol} request for model "{model}" with a body that is not JSON, not the event stream agents ask for',
  'probe.not_stream_json':
    'the gateway answered the {protocol} request for model "{model}" with plain JSON, not the event stream agents ask for',
  'probe.not_stream_fix': 'check that the base URL points at the gateway API; send the request id to the gateway admin',
  'probe.unreadable': 'the probe could not be read: {detail}',
  'probe.unreadable_fix': 'send the request id to the gateway admin',
  'net.configured_proxy': 'the configured proxy',
  'net.too_big_json_fix':
    'the gateway answered with JSON, so the base URL is right: the list is too long to read safely; ask the gateway admin to limit the key to the models you use (model limits), then run the command again',
  'import.bad_field': 'The import link is not valid: {field}: {problem}.',
  'import.bad_hint':
    'Copy the link again from the gateway console (token page, "fill into CC Switch"): it starts with ccswitch://v1/import?resource=provider and holds endpoint and apiKey.',
  'import.problem.scheme': 'the link must start with ccswitch:// (it starts with "{scheme}")',
  'import.problem.shape': 'it is not of the form ccswitch://v1/import?…',
  'import.problem.version': 'version "{version}" is not supported (only v1)',
  'import.problem.path': 'expected /import, found "{path}"',
  'import.problem.spaces': 'it contains spaces or line breaks (a link wrapped over two lines?)',
  'import.problem.missing': 'missing',
  'import.problem.resource': '"{resource}" is not a provider (only resource=provider links carry a gateway and a key)',
  'import.problem.key': 'the key ({key}) contains spaces, control characters or non-ASCII characters',
  'import.problem.endpoint': 'must be an http:// or https:// address',
  'import.problem.endpoint_key': 'the address contains the key',
  'import.problem.config_url':
    "a remote config is never fetched: give the app's config in the link itself (config=…), or the address and key as parameters",
  'import.problem.config_base64': 'it is not base64 of UTF-8 text',
  'import.problem.config_size': 'it is larger than {kib} KiB',
  'import.problem.config_parse': 'it is not valid {format}: {detail}',
  'import.problem.config_format': '"{format}" is not a config format (json or toml)',
  'import.problem.config_shape': 'it does not have the shape of a {app} config',
  'import.problem.config_app': 'a config for app "{app}" is not read (only claude, codex and gemini configs)',
  'import.problem.model': '"{model}" is not a model ID (spaces or control characters)',
  'import.in_argument':
    'An import link (ccswitch://…) was given as an argument: it holds the key, which would stay in your shell history and be visible to other users in the process list. Nothing was done.',
  'usage.unlimited': 'unlimited quota',
  'usage.left': '{left} left of {granted} ({used} used)',
  'usage.left_only': '{left} left (the gateway tells nothing of use or expiry)',
  'usage.never_expires': 'never expires',
  'usage.expires_in': 'expires {date} (in {days} days)',
  'usage.expires_tomorrow': 'expires {date} (within a day)',
  'usage.expired_on': 'expired {date}',
  'usage.warn.expiring':
    'warning: key {key} expires in {days} day(s), on {date}: create a new key in the gateway console before then and run setup with it.',
  'usage.warn.exhausted': 'warning: key {key} has no quota left ({used} used): top it up in the gateway console, or use another key.',
  'usage.warn.expired':
    'warning: key {key} expired on {date}: the gateway refuses it (401); create a new key in the console and run setup with it.',
  'import.in_argument_hint':
    "Pipe it instead (`pbpaste | {bin} setup --import -`, or `{bin} setup --import - < link.txt`), or keep it in a variable and pass the variable's name: `--import-env GATEWAY_IMPORT_LINK`. The wizard takes it at a hidden prompt. If the link was shared anywhere, create a new key.",
} as const;

declare module '../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
