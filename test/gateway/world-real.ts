// Builds test/conformance/world.ts on a real new-api, through its admin API only: the root user,
// groups and their ratios, one channel per world channel with our simulator as the upstream
// provider, model prices (one model left unpriced) and one token per key role.
import { startSimulator } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import {
  CHANNELS,
  GROUP_RATIOS,
  KEYS,
  MODELS,
  PAST,
  USABLE_GROUPS,
  slowFaults,
  upstreamWorld,
  type KeyRole,
} from '../conformance/world.js';
import { Admin, CHANNEL_TYPE, type Channel, type Token } from './admin.js';
import { ensureNewApi, releaseUnderTest, startNewApi, type NewApiRelease, type RunningNewApi } from './new-api.js';
import { closedPort } from '../helpers/sim.js';

export interface RealWorld {
  release: NewApiRelease;
  gateway: RunningNewApi;
  upstream: Simulator;
  admin: Admin;
  /** The full key (`sk-` + 48) of each role. */
  keys: Record<KeyRole, string>;
  tokens: Record<KeyRole, Token>;
  channels: Record<string, Channel>;
  stop: () => Promise<void>;
}

/** Everything started so far is stopped if a later step fails, and the step is named. */
export async function startRealWorld(): Promise<RealWorld> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async (): Promise<void> => {
    for (const s of stops.splice(0).reverse()) await s().catch(() => undefined);
  };
  const at = async <T>(step: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      await stop();
      throw new Error(`real gateway set-up, ${step}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  const binary = await at('new-api binary', ensureNewApi);
  const upstream = await at('upstream simulator', () => startSimulator({ upstream: upstreamWorld(), faults: slowFaults() }));
  stops.push(() => upstream.stop());
  const gateway = await at('start new-api', () => startNewApi(binary));
  stops.push(() => gateway.stop());
  const admin = new Admin(gateway.root);
  await at('root user and access token', () => admin.setUp());
  const release = releaseUnderTest();
  if (release !== 'v0.10.2') {
    // From v0.13 new-api refuses relay calls with 503 while the host's CPU, memory or disk is past a
    // threshold (90 %, 90 %, 95 % by default); a two-core machine running the tier is past it often.
    // Thresholds of 0 switch the checks off; the load rows set one on purpose.
    await at('load thresholds', () => setLoadThresholds(admin, { cpu: 0, memory: 0, disk: 0 }));
  }

  await at('groups', async () => {
    await admin.option('GroupRatio', JSON.stringify(GROUP_RATIOS));
    await admin.option('UserUsableGroups', JSON.stringify(USABLE_GROUPS));
  });
  await at('model prices', () =>
    admin.mergeJsonOption('ModelRatio', Object.fromEntries(MODELS.filter((m) => m.ratio !== undefined).map((m) => [m.id, m.ratio]))),
  );

  const channels: Record<string, Channel> = {};
  for (const c of CHANNELS) {
    // A channel whose provider refuses connections: an address on 127.0.0.1 nobody listens on.
    const baseUrl = c.down ? `http://127.0.0.1:${await closedPort()}` : upstream.root;
    channels[c.name] = await at(`channel ${c.name}`, () =>
      admin.addChannel({
        name: c.name,
        type: CHANNEL_TYPE[c.type],
        key: c.upstreamKey,
        baseUrl,
        models: MODELS.filter((m) => m.channel === c.name).map((m) => m.id),
        groups: c.groups,
        ...(c.mapping ? { mapping: c.mapping } : {}),
      }),
    );
  }
  for (const m of MODELS.filter((x) => x.endpoints)) await at(`endpoints of ${m.id}`, () => admin.modelEndpoints(m.id, m.endpoints!));
  await at('refresh the marks', () => admin.refreshMarks());

  const tokens = {} as Record<KeyRole, Token>;
  for (const k of KEYS) {
    tokens[k.role] = await at(`token ${k.role}`, async () => {
      const t = await admin.addToken({
        name: `gas-${k.role}`,
        group: k.group,
        unlimited: k.unlimited ?? false,
        remainQuota: k.remainQuota ?? 0,
        expiredTime: k.expired ? PAST : -1,
        ...(k.modelLimits ? { modelLimits: k.modelLimits } : {}),
        ...(k.allowIps ? { allowIps: k.allowIps } : {}),
      });
      if (k.disabled) await admin.setTokenStatus(t.id, 2);
      return t;
    });
  }
  const keys = Object.fromEntries(Object.entries(tokens).map(([role, t]) => [role, `sk-${t.key}`])) as Record<KeyRole, string>;
  return { release, gateway, upstream, admin, keys, tokens, channels, stop };
}

/** new-api v0.13's load monitor: a relay call is refused with 503 when a measure is past its threshold (0: off). */
export async function setLoadThresholds(admin: Admin, t: { cpu: number; memory: number; disk: number }): Promise<void> {
  await admin.option('performance_setting.monitor_cpu_threshold', String(t.cpu));
  await admin.option('performance_setting.monitor_memory_threshold', String(t.memory));
  await admin.option('performance_setting.monitor_disk_threshold', String(t.disk));
}
