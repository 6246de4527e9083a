// `models` through the built bin against the simulator: marked and unmarked gateways, text and JSON.
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KEY, LIMITED_KEY, VIP_KEY } from '../../src/simulator/catalog.js';
import { jsonOf, runInProcess } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

afterEach(stopAll);

interface ModelsDoc {
  ok: boolean;
  baseUrl: string;
  key: { masked: string; name?: string; remainingUsd?: number; unlimited?: boolean; expiresAt?: string };
  marked: boolean;
  models: {
    id: string;
    marks: string[];
    protocols: Record<string, string>;
    agents: Record<string, { ok: boolean; protocol?: string; needsProbe?: boolean; reason?: string }>;
    pricing?: { inputPerMTok?: number; perCall?: number; description?: string };
  }[];
}

function env(root: string, key = DEMO_KEY): Record<string, string> {
  return { GATEWAY_BASE_URL: root, GATEWAY_API_KEY: key };
}

describe('models', () => {
  it('JSON: every model with marks, protocols, agents, pricing and the key info', async () => {
    const sim = await startSim();
    const r = await runInProcess(['models', '--json'], { env: env(sim.root) });
    expect(r.code).toBe(0);
    const doc = jsonOf(r) as unknown as ModelsDoc;
    expect(doc.ok).toBe(true);
    expect(doc.baseUrl).toBe(sim.root);
    expect(doc.marked).toBe(true);
    expect(doc.key.masked).toBe('sk-de…demo');
    expect(doc.key.name).toBe('demo');
    expect(doc.key.unlimited).toBe(true);
    const byId = new Map(doc.models.map((m) => [m.id, m]));
    expect([...byId.keys()]).toContain('text-embedding-3-small');

    const sonnet = byId.get('claude-sonnet-4-5');
    expect(sonnet?.marks).toEqual(['anthropic', 'openai']);
    expect(sonnet?.protocols.messages).toBe('yes');
    expect(sonnet?.protocols.responses).toBe('no');
    expect(sonnet?.agents['claude-code']).toEqual({ ok: true, protocol: 'messages', needsProbe: false });
    expect(sonnet?.agents.codex?.ok).toBe(false);
    expect(sonnet?.agents.codex?.reason).toContain('Responses');
    expect(sonnet?.pricing?.inputPerMTok).toBe(3);
    expect(sonnet?.pricing?.description).toContain('Sonnet');

    const codex = byId.get('gpt-5.1-codex');
    expect(codex?.agents.codex).toEqual({ ok: true, protocol: 'responses', needsProbe: false });
    expect(codex?.agents['claude-code']?.ok).toBe(false);
    // Marked only `openai`: Responses is possible but only a probe tells.
    expect(byId.get('gpt-5.1')?.agents.codex).toEqual({ ok: true, protocol: 'responses', needsProbe: true });
    expect(byId.get('text-embedding-3-small')?.agents.opencode?.ok).toBe(false);
    expect(byId.get('gpt-image-1')?.pricing?.perCall).toBeCloseTo(0.04);
    // Marked image-generation (+ openai): still no coding agent's model.
    expect(Object.values(byId.get('gpt-image-1')?.agents ?? {}).some((a) => a.ok)).toBe(false);
  });

  it('text: grouped by protocol, with agents, why not, and prices; 80 columns', async () => {
    const sim = await startSim();
    const r = await runInProcess(['models'], { env: env(sim.root) });
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out).toContain('Messages (/v1/messages)');
    expect(out).toContain('Responses (/v1/responses)');
    expect(out).toContain('Not for coding agents');
    expect(out.indexOf('Messages (')).toBeLessThan(out.indexOf('claude-sonnet-4-5'));
    expect(out.indexOf('Responses (')).toBeLessThan(out.indexOf('gpt-5.1-codex'));
    expect(out).toContain('not for: Codex CLI (needs Responses)');
    // Marked for a protocol the agent speaks and still not for it: the agent's own reason.
    expect(out.replace(/\s+/g, ' ')).toMatch(
      /gpt-5\.1 .*?not for: Continue CLI \(Continue CLI sends models whose names start with gpt-5 or o1 over Responses/,
    );
    expect(out).toContain('needs a probe: Claude Code (messages); Codex CLI (Responses)');
    expect(out).toMatch(/Image generation[^\n]*\n {2}gpt-image-1/);
    expect(out).toContain('in $3.00 out $15.00 /1M');
    expect(out).toContain('sk-de…demo');
    expect(out).toContain('"demo"');
    for (const line of out.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(out).not.toContain('\u001b[');
    // Without --all the unusable models are named but not detailed; with --all, the reason.
    expect(out).not.toContain('not a chat model');
    const all = await runInProcess(['models', '--all'], { env: env(sim.root) });
    expect(all.stdout).toContain('an embedding model');
    expect(all.stdout).toMatch(/text-embedding-3-small[\s\S]*chat model/);
  });

  it('the key list wins: a limited key sees only its models', async () => {
    const sim = await startSim();
    const doc = jsonOf(await runInProcess(['models', '--json'], { env: env(sim.root, LIMITED_KEY) })) as unknown as ModelsDoc;
    expect(doc.models.map((m) => m.id).sort()).toEqual(['claude-haiku-4-5', 'deepseek-chat']);
    expect(doc.key.remainingUsd).toBe(5);
  });

  it('an unmarked gateway: says so and points at verify; marks empty in JSON', async () => {
    const sim = await startSim({ omitMarks: true });
    const text = await runInProcess(['models'], { env: env(sim.root) });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('this gateway does not mark protocols; run `verify` to probe'.replace('this', 'This'));
    expect(text.stdout).toContain('claude-sonnet-4-5');
    const doc = jsonOf(await runInProcess(['models', '--json'], { env: env(sim.root) })) as unknown as ModelsDoc;
    expect(doc.marked).toBe(false);
    const sonnet = doc.models.find((m) => m.id === 'claude-sonnet-4-5');
    expect(sonnet?.marks).toEqual([]);
    expect(sonnet?.protocols.responses).toBe('probe');
    expect(sonnet?.agents['claude-code']).toEqual({ ok: true, protocol: 'messages', needsProbe: true });
  });

  it('works when the marketplace is closed (pricing is optional)', async () => {
    const sim = await startSim({ pricing: 'forbidden' });
    const r = await runInProcess(['models'], { env: env(sim.root) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('no marketplace prices');
    expect(r.stdout).not.toContain('/1M');
    const doc = jsonOf(await runInProcess(['models', '--json'], { env: env(sim.root) })) as unknown as ModelsDoc;
    expect(doc.models.every((m) => m.pricing === undefined)).toBe(true);
  });
});

describe('models --all: what the gateway sells that this key cannot use', () => {
  it('names each such model with the groups the marketplace sells it to, and what to do', async () => {
    const sim = await startSim();
    const env = { GATEWAY_API_KEY: VIP_KEY, GATEWAY_BASE_URL: sim.root };
    const doc = jsonOf(await runInProcess(['models', '--all', '--json'], { env })) as {
      models: { id: string }[];
      elsewhere: { id: string; groups: string[] }[];
    };
    const listed = new Set(doc.models.map((m) => m.id));
    expect(doc.elsewhere.find((e) => e.id === 'deepseek-chat')).toEqual({ id: 'deepseek-chat', groups: ['default'] });
    expect(doc.elsewhere.some((e) => listed.has(e.id))).toBe(false);
    const text = await runInProcess(['models', '--all'], { env });
    expect(text.stdout).toMatch(/Sold by the gateway, but not to this key[\s\S]*deepseek-chat\s+sold to groups: default/);
    expect(text.stdout).toMatch(/create a key in one of its\s+groups/);
    // Without --all the list stays the key's own.
    expect(jsonOf(await runInProcess(['models', '--json'], { env }))).not.toHaveProperty('elsewhere');
  });
});

describe('models --all: the exact words where another group is not the answer', () => {
  it("an unpriced model sold to the key's own group: hidden for want of a price, not 'sold to groups: default'", async () => {
    const sim = await startSim();
    const env = { GATEWAY_API_KEY: DEMO_KEY, GATEWAY_BASE_URL: sim.root };
    const doc = jsonOf(await runInProcess(['models', '--all', '--json'], { env })) as { elsewhere: { id: string; why?: string }[] };
    expect(doc.elsewhere.find((e) => e.id === 'glm-4.6')?.why).toBe('unpriced');
    const text = (await runInProcess(['models', '--all'], { env })).stdout.replace(/\s+/g, ' ');
    expect(text).toContain('glm-4.6 has no price on this gateway');
    expect(text).not.toMatch(/glm-4\.6 sold to groups/);
  });

  it("a model outside the key's model limits: its limits named", async () => {
    const sim = await startSim();
    const env = { GATEWAY_API_KEY: LIMITED_KEY, GATEWAY_BASE_URL: sim.root };
    const doc = jsonOf(await runInProcess(['models', '--all', '--json'], { env })) as { elsewhere: { id: string; why?: string }[] };
    const outside = doc.elsewhere.find((e) => e.why === 'limits');
    expect(outside).toBeDefined();
    const text = (await runInProcess(['models', '--all'], { env })).stdout.replace(/\s+/g, ' ');
    expect(text).toContain(`${outside!.id} is outside this key's model limits`);
  });
});

describe('models: prices at the key’s group ratio', () => {
  type Priced = ModelsDoc & { prices?: { group?: string; ratio: number; base: boolean } };
  const inputOf = (doc: ModelsDoc, id: string) => doc.models.find((m) => m.id === id)?.pricing?.inputPerMTok;

  it("--group vip: every price × 1.5, said in text and JSON; without it the key's own list tells its group", async () => {
    const sim = await startSim();
    const told = jsonOf(await runInProcess(['models', '--json'], { env: env(sim.root, VIP_KEY) })) as unknown as Priced;
    const vip = jsonOf(await runInProcess(['models', '--json', '--group', 'vip'], { env: env(sim.root, VIP_KEY) })) as unknown as Priced;
    // Only the vip group sells everything the key lists: its ratio applies without --group.
    expect(told.prices).toEqual({ group: 'vip', ratio: 1.5, base: false, inferred: true });
    expect(vip.prices).toEqual({ group: 'vip', ratio: 1.5, base: false });
    const base = jsonOf(
      await runInProcess(['models', '--json', '--group', 'nosuch'], { env: env(sim.root, VIP_KEY) }),
    ) as unknown as Priced;
    const priced = base.models.filter((m) => m.pricing?.inputPerMTok !== undefined);
    expect(priced.length).toBeGreaterThan(0);
    for (const m of priced) {
      expect(inputOf(vip, m.id)).toBeCloseTo(m.pricing!.inputPerMTok! * 1.5, 6);
      expect(inputOf(told, m.id)).toBeCloseTo(m.pricing!.inputPerMTok! * 1.5, 6);
    }
    const text = await runInProcess(['models'], { env: env(sim.root, VIP_KEY) });
    expect(text.stdout.replace(/\s+/g, ' ')).toContain("Prices at group vip's ratio (1.5×), the one group that sells what this key lists");
    const group = await runInProcess(['models', '--group', 'vip'], { env: env(sim.root, VIP_KEY) });
    expect(group.stdout.replace(/\s+/g, ' ')).toContain("Prices at group vip's ratio (1.5×): what this key pays");
  });

  it('a key whose list no single group sells: the base price, said as such', async () => {
    // Limited to a model only default sells and one only vip sells: its list fits no group.
    const mixed = { key: `sk-${'m'.repeat(48)}`, name: 'mixed', group: 'default', unlimited: true, modelLimits: ['acme-a', 'acme-b'] };
    const models = [
      { id: 'acme-a', channel: 'openai' as const, groups: ['default'], modelRatio: 1 },
      { id: 'acme-b', channel: 'openai' as const, groups: ['vip'], modelRatio: 1 },
    ];
    const sim = await startSim({ keys: [mixed], models });
    const r = await runInProcess(['models', '--json'], { env: env(sim.root, mixed.key) });
    expect((jsonOf(r) as unknown as Priced).prices).toEqual({ ratio: 1, base: true });
    const text = await runInProcess(['models'], { env: env(sim.root, mixed.key) });
    expect(text.stdout.replace(/\s+/g, ' ')).toContain("Base prices (ratio 1×): the gateway does not tell a key's group");
    expect(text.stdout).toContain('vip 1.5×');
  });

  it('a group the gateway has no ratio for: the base price, and the groups it has', async () => {
    const sim = await startSim();
    const r = await runInProcess(['models', '--group', 'nosuch'], { env: env(sim.root) });
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(
      'Group nosuch has no price ratio on this gateway: base prices shown (group ratios: default 1×, vip 1.5×)',
    );
  });
});
