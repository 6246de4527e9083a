// new-api's own console API, driven as an admin would drive the web console: first-run setup of the
// root user, login, an access token, options, channels, tokens. Every call checks `success`,
// because new-api answers most refusals with HTTP 200.

class AdminError extends Error {}

export interface Channel {
  id: number;
  name: string;
  type: number;
  models: string;
  group: string;
  status: number;
}

export interface Token {
  id: number;
  name: string;
  key: string;
  status: number;
  group: string;
  model_limits: string;
  model_limits_enabled: boolean;
  remain_quota: number;
  unlimited_quota: boolean;
  expired_time: number;
}

/** new-api's channel type numbers (constant/channel.go). */
export const CHANNEL_TYPE = { openai: 1, anthropic: 14, deepseek: 43, xai: 48 } as const;

/** A channel to create: its type number, its provider's key and address, what it serves to whom. */
interface NewChannel {
  name: string;
  type: number;
  key: string;
  baseUrl: string;
  models: string[];
  groups: string[];
  /** The model mapping: the name a key asks for → the name sent to the provider. */
  mapping?: Record<string, string>;
}

function channelFields(c: NewChannel): Record<string, unknown> {
  return {
    name: c.name,
    type: c.type,
    key: c.key,
    base_url: c.baseUrl,
    models: c.models.join(','),
    group: c.groups.join(','),
    status: 1,
    ...(c.mapping ? { model_mapping: JSON.stringify(c.mapping) } : {}),
  };
}

export class Admin {
  protected auth: Record<string, string> = {};

  constructor(readonly root: string) {}

  protected async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = this.auth,
  ): Promise<{ data: T; setCookie: string | null }> {
    const res = await fetch(`${this.root}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let parsed: { success?: boolean; message?: string; data?: T };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new AdminError(`${method} ${path}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
    }
    if (!res.ok || parsed.success !== true)
      throw new AdminError(`${method} ${path}: HTTP ${res.status} ${parsed.message ?? text.slice(0, 200)}`);
    return { data: parsed.data as T, setCookie: res.headers.get('set-cookie') };
  }

  /** First run: the root user, then a login and an access token for every later call. */
  async setUp(username = 'root', password = 'gas-root-password'): Promise<void> {
    await this.call(
      'POST',
      '/api/setup',
      { username, password, confirmPassword: password, SelfUseModeEnabled: false, DemoSiteEnabled: false },
      {},
    );
    await this.logIn(username, password);
  }

  /** A login, then an access token for every later call (one-api ignores the `New-Api-User` header). */
  protected async logIn(username: string, password: string): Promise<void> {
    const login = await this.call<{ id: number }>('POST', '/api/user/login', { username, password }, {});
    const cookie = (login.setCookie ?? '').split(';')[0] ?? '';
    const userId = String(login.data.id);
    const token = await this.call<string>('GET', '/api/user/token', undefined, { cookie, 'New-Api-User': userId });
    this.auth = { authorization: `Bearer ${token.data}`, 'New-Api-User': userId };
  }

  async option(key: string, value: string | boolean | number): Promise<void> {
    await this.call('PUT', '/api/option/', { key, value });
  }

  /** JSON options are whole maps: read, merge, write back (as a JSON string, never an object). */
  async mergeJsonOption(key: string, add: Record<string, unknown>): Promise<void> {
    const { data } = await this.call<{ key: string; value: string }[]>('GET', '/api/option/');
    const current = data.find((o) => o.key === key)?.value;
    const merged = { ...(current ? (JSON.parse(current) as Record<string, unknown>) : {}), ...add };
    await this.option(key, JSON.stringify(merged));
  }

  async optionValue(key: string): Promise<string | undefined> {
    const { data } = await this.call<{ key: string; value: string }[]>('GET', '/api/option/');
    return data.find((o) => o.key === key)?.value;
  }

  /** Creates a channel; new-api does not return it, so it is found again by its (unique) name. */
  async addChannel(c: NewChannel): Promise<Channel> {
    await this.call('POST', '/api/channel/', this.channelBody(c));
    return this.channel(c.name);
  }

  /** new-api takes a channel inside `{mode, channel}`. */
  protected channelBody(c: NewChannel): Record<string, unknown> {
    return { mode: 'single', channel: channelFields(c) };
  }

  async channel(name: string): Promise<Channel> {
    const { data } = await this.call<Channel[] | { items: Channel[] }>('GET', `/api/channel/search?keyword=${encodeURIComponent(name)}`);
    // new-api pages its search results; one-api answers the list itself.
    const found = (Array.isArray(data) ? data : data.items).find((c) => c.name === name);
    if (!found) throw new AdminError(`channel ${name} not found after creating it`);
    return found;
  }

  /** A partial update (new-api ignores zero values here, so status 2 disables, 1 enables). */
  async updateChannel(
    update: { id: number } & Partial<{ status: number; models: string; group: string; base_url: string }>,
  ): Promise<void> {
    await this.call('PUT', '/api/channel/', update);
  }

  async addToken(t: {
    name: string;
    group?: string;
    unlimited?: boolean;
    remainQuota?: number;
    expiredTime?: number;
    modelLimits?: string[];
    allowIps?: string[];
  }): Promise<Token> {
    await this.call('POST', '/api/token/', {
      name: t.name,
      group: t.group ?? '',
      unlimited_quota: t.unlimited ?? false,
      remain_quota: t.remainQuota ?? 0,
      expired_time: t.expiredTime ?? -1,
      model_limits_enabled: t.modelLimits !== undefined,
      model_limits: (t.modelLimits ?? []).join(','),
      allow_ips: (t.allowIps ?? []).join('\n'),
    });
    return this.token(t.name);
  }

  async token(name: string): Promise<Token> {
    const { data } = await this.call<Token[] | { items: Token[] }>('GET', `/api/token/search?keyword=${encodeURIComponent(name)}`);
    // v0.13 pages its search results (`{items, total, …}`); v0.10 answers the list itself.
    const found = (Array.isArray(data) ? data : data.items).find((t) => t.name === name);
    if (!found) throw new AdminError(`token ${name} not found after creating it`);
    // From v0.13 token lists mask the key (`ab**********yz`); the whole key is its own call.
    if (found.key.includes('*')) {
      const { data: full } = await this.call<{ key: string }>('POST', `/api/token/${found.id}/key`);
      return { ...found, key: full.key.replace(/^sk-/, '') };
    }
    return found;
  }

  async setTokenStatus(id: number, status: number): Promise<void> {
    await this.call('PUT', '/api/token/?status_only=true', { id, status });
  }

  /** The console's full token edit: every field is written, so pass the token as it is, changed. */
  async updateToken(t: Token): Promise<void> {
    await this.call('PUT', '/api/token/', {
      id: t.id,
      name: t.name,
      expired_time: t.expired_time,
      remain_quota: t.remain_quota,
      unlimited_quota: t.unlimited_quota,
      model_limits_enabled: t.model_limits_enabled,
      model_limits: t.model_limits,
      allow_ips: '',
      group: t.group,
      cross_group_retry: false,
    });
  }

  /** A model's own metadata, as the console's model page writes it: its endpoints (endpoint → path). */
  async modelEndpoints(model: string, endpoints: Record<string, string>): Promise<void> {
    await this.call('POST', '/api/models/', { model_name: model, endpoints: JSON.stringify(endpoints), status: 1 });
  }

  /**
   * new-api caches the protocol marks of /v1/models for a minute and refreshes them when the model
   * metadata changes: adding and removing a placeholder entry is the console's way to refresh now.
   */
  async refreshMarks(): Promise<void> {
    const { data } = await this.call<{ id: number }>('POST', '/api/models/', { model_name: `gas-refresh-${Date.now()}` });
    await this.call('DELETE', `/api/models/${data.id}`);
  }
}

/**
 * one-api (new-api's ancestor): the same console API, except that its root user exists from the
 * first start (root / 123456), a channel is posted as itself, and a channel search answers a list.
 */
export class OneApiAdmin extends Admin {
  override async setUp(username = 'root', password = '123456'): Promise<void> {
    await this.logIn(username, password);
  }

  /** one-api takes the channel itself. */
  protected override channelBody(c: NewChannel): Record<string, unknown> {
    return channelFields(c);
  }
}
