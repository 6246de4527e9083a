// Proxy selection: the variable by scheme, NO_PROXY, and loopback never proxied.
import { describe, expect, it } from 'vitest';
import { bypassesProxy, isLocalHostname, proxyFor } from '../../src/gateway/proxy.js';

describe('proxy selection', () => {
  const u = (s: string): URL => new URL(s);

  it.each(['localhost', 'api.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '[::ffff:127.0.0.1]'])('%s is loopback', (host) => {
    expect(isLocalHostname(u(`http://${host}:4000`).hostname)).toBe(true);
  });

  it.each(['10.0.0.1', 'gateway.example', '128.0.0.1', 'localhost.example.com'])('%s is not loopback', (host) => {
    expect(isLocalHostname(host)).toBe(false);
  });

  it('never proxies loopback', () => {
    expect(proxyFor(u('http://127.0.0.1:3000'), { HTTP_PROXY: 'http://proxy:8080' })).toBeUndefined();
    expect(proxyFor(u('https://localhost'), { HTTPS_PROXY: 'http://proxy:8080' })).toBeUndefined();
  });

  it('picks the variable by scheme, lower case first, and adds a missing scheme', () => {
    expect(proxyFor(u('http://gw.example'), { HTTP_PROXY: 'http://up:1', http_proxy: 'http://low:2' })).toEqual({
      uri: 'http://low:2',
      variable: 'http_proxy',
    });
    expect(proxyFor(u('https://gw.example'), { HTTPS_PROXY: 'proxy:3128', HTTP_PROXY: 'http://h:1' })).toEqual({
      uri: 'http://proxy:3128',
      variable: 'HTTPS_PROXY',
    });
    expect(proxyFor(u('https://gw.example'), { HTTP_PROXY: 'http://h:1' })).toEqual({ uri: 'http://h:1', variable: 'HTTP_PROXY' });
    expect(proxyFor(u('http://gw.example'), { HTTPS_PROXY: 'http://s:1' })).toBeUndefined();
    expect(proxyFor(u('http://gw.example'), { HTTP_PROXY: '  ' })).toBeUndefined();
    expect(proxyFor(u('http://gw.example'), undefined)).toBeUndefined();
  });

  it('honours NO_PROXY from the passed env', () => {
    expect(proxyFor(u('http://gw.example'), { HTTP_PROXY: 'http://p:1', NO_PROXY: 'gw.example' })).toBeUndefined();
    expect(proxyFor(u('http://gw.example'), { HTTP_PROXY: 'http://p:1', no_proxy: 'other.example' })).toBeDefined();
  });

  it.each([
    ['*', 'http://anything.example', true],
    ['example.com', 'http://example.com', true],
    ['example.com', 'http://api.example.com', true],
    ['example.com', 'http://notexample.com', false],
    ['.example.com', 'http://api.example.com', true],
    ['*.example.com', 'http://a.b.example.com', true],
    ['a.com, b.com', 'http://b.com', true],
    ['a.com b.com', 'http://b.com', true],
    ['gw.example:8080', 'http://gw.example:8080', true],
    ['gw.example:8080', 'http://gw.example:9090', false],
    ['gw.example:443', 'https://gw.example', true],
    ['10.0.0.0/8', 'http://10.1.2.3', true],
    ['10.0.0.0/8', 'http://11.1.2.3', false],
    ['192.168.1.5', 'http://192.168.1.5:4000', true],
    ['[fd00::1]:4000', 'http://[fd00::1]:4000', true],
    ['fd00::1', 'http://[fd00::1]:4000', true],
    ['EXAMPLE.COM', 'http://Api.Example.com', true],
    ['', 'http://example.com', false],
  ])('NO_PROXY %j for %s: %s', (noProxy, url, bypass) => {
    expect(bypassesProxy(u(url), noProxy)).toBe(bypass);
  });
});
