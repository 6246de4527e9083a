// The diagnosis texts: what a gateway's answer or error means, and the fix.
import { describe, expect, it } from 'vitest';
import { describeDiagnosis, diagnoseAnswer, diagnoseError, safeUrl, v1Problem, type DiagnoseContext } from '../../src/gateway/diagnosis.js';
import { inEnglish } from '../helpers/english.js';
import { msg } from '../../src/i18n/index.js';

describe('diagnoses', () => {
  const ctx: DiagnoseContext = {
    url: 'http://gw:4000/v1/messages',
    method: 'POST',
    model: 'claude-x',
    protocol: 'messages',
    requestId: 'r1',
    status: 503,
  };

  it('describeDiagnosis is one line with code, cause, fix and request id', () => {
    const d = diagnoseError(ctx, 503, {
      message: 'No available channel for model claude-x under group default (distributor)',
      code: 'model_not_found',
      type: 'new_api_error',
    });
    expect(describeDiagnosis(d)).toBe(
      '[model_not_in_group] the key\'s group "default" has no channel serving model "claude-x" (503 model_not_found "No available channel for model claude-x under group default (distributor)") — ' +
        'pick a model the key\'s group serves: run `gateway-agent-setup models`; or ask the gateway admin to enable "claude-x" for group "default" (request id: r1)',
    );
  });

  it('describeDiagnosis without a request id', () => {
    const d = {
      code: 'timeout' as const,
      message: msg('net.body_timeout', { host: 'gw', seconds: '5 s' }),
      fix: msg('net.headers_timeout_fix'),
    };
    expect(describeDiagnosis(d)).toBe(
      '[timeout] gw stopped sending its answer for 5 s (body timeout) — try again; if the gateway is just slow, allow more time with --timeout SECONDS',
    );
  });

  it.each([
    ['该令牌无权访问模型 claude-x', '', 403, 'model_not_allowed'],
    ['当前分组 vip 下对于模型 claude-x 无可用渠道', '', 503, 'model_not_in_group'],
    ['用户额度不足, 剩余额度: 0', '', 403, 'quota'],
    ['令牌额度不足', '', 403, 'quota'],
    ['模型 claude-x 倍率或价格未配置', '', 400, 'model_unpriced'],
    ['codex channel: /v1/messages endpoint not supported', '', 400, 'wrong_protocol'],
    // xAI's adaptor on /v1/messages: no code in the Anthropic-shaped error, only its words; never "try again".
    ['not available (request id: 2025112400000000000000000abcdef)', '', 500, 'wrong_protocol'],
    ['service temporarily not available right now', '', 500, 'gateway_error'],
    ['anything', 'insufficient_user_quota', undefined, 'quota'],
    ['Invalid token', '', undefined, 'bad_key'],
    ['forbidden', '', 403, 'gateway_error'],
  ] as const)('%s (%s, %s) → %s', (message, code, status, expected) => {
    expect(inEnglish(diagnoseError(ctx, status, { message, code, type: '' })).code).toBe(expected);
  });

  it.each([
    // v0.13's texts in traditional Chinese (Accept-Language zh-TW).
    ['該令牌無權存取模型 claude-x', '', 403, 'model_not_allowed', undefined],
    ['分組 vip 下模型 claude-x 無可用管道（distributor）', 'model_not_found', 503, 'model_not_in_group', undefined],
    ['獲取分組 vip 下模型 claude-x 的可用管道失敗（distributor）：x', '', 500, 'channel_failed', undefined],
    ['無權存取 vip 分組', '', 403, 'group_denied', undefined],
    ['額度不足', '', 403, 'quota', undefined],
    ['無效的令牌', '', 401, 'bad_key', 'untold'],
    ['无效的令牌', '', 401, 'bad_key', 'untold'],
    // v0.10's reasons.
    ['该令牌已过期', '', 401, 'bad_key', 'expired'],
    ['[sk-ab***yz] 该令牌额度已用尽 !token.UnlimitedQuota && token.RemainQuota = 0', '', 401, 'bad_key', 'exhausted'],
    ['该令牌状态不可用', '', 401, 'bad_key', 'disabled'],
    ['您的 IP 不在令牌允许访问的列表中', 'access_denied', 403, 'bad_key', 'ip'],
    // v0.13's load monitor, on chat (its code) and on messages (its words alone).
    ['system cpu overloaded (current: 97.0%, threshold: 90%)', 'system_cpu_overloaded', 503, 'gateway_busy', 'cpu'],
    ['system memory overloaded (current: 93.4%, threshold: 90%)', '', 503, 'gateway_busy', 'memory'],
    ['system disk overloaded (current: 97.1%, threshold: 95%)', 'system_disk_overloaded', 503, 'gateway_busy', 'disk'],
    // Quota from the account's subscription plan (v0.13).
    ['订阅额度不足或未配置订阅: no active subscription', 'insufficient_user_quota', 403, 'quota', 'plan'],
  ] as const)('%s (%s, %s) → %s, reason %s', (message, code, status, expected, reason) => {
    const d = diagnoseError(ctx, status, { message, code, type: 'new_api_error' });
    expect([d.code, d.reason]).toEqual([expected, reason]);
  });

  it("v0.13's optional metadata in an error body changes nothing", () => {
    const body = JSON.stringify({
      error: { message: 'Invalid token (request id: r9)', type: 'new_api_error', code: '', metadata: { hint: 'x' } },
    });
    const d = diagnoseAnswer({ url: 'http://gw/v1/models', method: 'GET' }, { status: 401, contentType: 'application/json', body });
    expect([d.code, d.reason, d.requestId]).toEqual(['bad_key', 'untold', 'r9']);
  });

  it("a provider's own overload is its channel failing, never the gateway busy", () => {
    const d = diagnoseError(ctx, 529, { message: 'Overloaded', code: 'overloaded_error', type: 'overloaded_error' });
    expect(d.code).toBe('channel_failed');
  });

  it('the busy gateway says so in plain words: its words, and to try again in a minute', () => {
    const d = inEnglish(
      diagnoseError(ctx, 503, {
        message: 'system disk overloaded (current: 97.1%, threshold: 95%)',
        code: 'system_disk_overloaded',
        type: 'new_api_error',
      }),
    );
    expect(d.message).toContain('the gateway is busy');
    expect(d.message).toContain('system disk overloaded');
    expect(d.fix).toContain('try again in a minute');
  });

  it('names the group from Chinese texts', () => {
    expect(
      inEnglish(diagnoseError(ctx, 503, { message: '当前分组 vip 下对于模型 claude-x 无可用渠道', code: '', type: '' })).message,
    ).toContain('"vip"');
  });

  it('takes the model from the text when the context has none', () => {
    const d = inEnglish(
      diagnoseError({ url: 'http://gw/v1/chat/completions', method: 'POST' }, 403, {
        message: 'This token has no access to model gpt-9',
        code: '',
        type: '',
      }),
    );
    expect(d.message).toContain('"gpt-9"');
  });

  it('HTML answers other than 200 blame something in front of the gateway', () => {
    const d = inEnglish(
      diagnoseAnswer(
        { url: 'https://gw/v1/models', method: 'GET' },
        { status: 403, contentType: 'text/html', body: '<html>Access denied</html>' },
      ),
    );
    expect(d.code).toBe('not_api');
    expect(d.message).toMatch(/WAF/);
  });

  it('a 404 without JSON is still wrong_path, with /v1 missing named', () => {
    const d = inEnglish(
      diagnoseAnswer({ url: 'http://gw/models', method: 'GET' }, { status: 404, contentType: 'text/plain', body: '404 page not found' }),
    );
    expect(d.code).toBe('wrong_path');
    expect(d.message).toMatch(/\/v1 is missing/);
  });

  it('v1Problem', () => {
    expect(v1Problem('/v1/v1/messages')).toBe('doubled');
    expect(v1Problem('/chat/completions')).toBe('missing');
    expect(v1Problem('/v1/messages/count_tokens')).toBeUndefined();
    expect(v1Problem('/proxy/v1/messages')).toBeUndefined();
  });

  it('safeUrl drops credentials, query and fragment', () => {
    expect(safeUrl('https://user:sk-secret@gw.example/v1/models?key=sk-secret#x')).toBe('https://gw.example/v1/models');
  });

  it('scrubs the key from gateway text', () => {
    const key = 'sk-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKL';
    const d = inEnglish(
      diagnoseError({ url: 'http://gw/v1/models', method: 'GET', key }, 401, { message: `Invalid token ${key}`, code: '', type: '' }),
    );
    expect(JSON.stringify(d)).not.toContain(key);
  });
});
