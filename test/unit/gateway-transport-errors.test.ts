// Transport errors mapped to diagnoses: codes found in causes, a cut body, the proxy named.
import { describe, expect, it } from 'vitest';
import { diagnoseTransportError, type TransportFailure } from '../../src/gateway/transport-errors.js';
import { inEnglish } from '../helpers/english.js';

describe('transport errors', () => {
  const f: TransportFailure = {
    ctx: { url: 'http://gw.example:4000/v1/models', method: 'GET' },
    phase: 'request',
    connectTimeoutMs: 10_000,
    timeoutMs: 30_000,
  };
  const err = (code: string, message = 'boom'): Error => Object.assign(new Error(message), { code });

  it.each([
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout', /within 10 s \(connect timeout\)/],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout', /within 30 s \(headers timeout\)/],
    ['UND_ERR_BODY_TIMEOUT', 'timeout', /for 30 s \(body timeout\)/],
    ['ENOTFOUND', 'unreachable', /gw.example:4000: the name does not resolve \(ENOTFOUND\)/],
    ['EAI_AGAIN', 'unreachable', /DNS lookup failed for now \(EAI_AGAIN\)/],
    ['ECONNREFUSED', 'unreachable', /connection refused/],
    ['CERT_HAS_EXPIRED', 'unreachable', /TLS handshake .* \(CERT_HAS_EXPIRED\)/],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'unreachable', /TLS handshake/],
    ['EHOSTUNREACH', 'unreachable', /no route/],
    ['UND_ERR_SOCKET', 'unreachable', /without answering/],
    ['EWHATEVER', 'unreachable', /failed: boom \(EWHATEVER\)/],
  ])('%s → %s', (code, diag, pattern) => {
    const d = inEnglish(diagnoseTransportError(err(code), f));
    expect(d.code).toBe(diag);
    expect(d.message).toMatch(pattern);
    expect(d.url).toBe('http://gw.example:4000/v1/models');
  });

  it('finds codes in causes and aggregate errors', () => {
    const wrapped = Object.assign(new Error('fetch failed'), { cause: new AggregateError([err('ECONNREFUSED'), err('ECONNREFUSED')]) });
    expect(inEnglish(diagnoseTransportError(wrapped, f)).message).toMatch(/ECONNREFUSED/);
  });

  it('a cut in the body is stream_broken', () => {
    expect(inEnglish(diagnoseTransportError(err('ECONNRESET'), { ...f, phase: 'body' })).code).toBe('stream_broken');
  });

  it('names the proxy', () => {
    const d = inEnglish(
      diagnoseTransportError(err('ECONNREFUSED'), { ...f, proxy: { uri: 'http://u:secret@proxy.corp:3128', variable: 'HTTPS_PROXY' } }),
    );
    expect(d.message).toContain('the proxy http://proxy.corp:3128 (from HTTPS_PROXY)');
    expect(d.message).not.toContain('secret');
    expect(d.fix).toContain('NO_PROXY');
  });
});
