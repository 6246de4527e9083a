// `doctor` on configs this tool never wrote (no saved settings): a hand-written Codex config with a
// doubled /v1 and the key in the user's own variable is named and repaired with that key and that
// variable, the rest of the file kept; a Claude Code used with Anthropic's own service is left
// alone; without any key a repair says what is missing. Through the built bin.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHome } from '../helpers/cli.js';
import { closedPort, startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
let home: string;
let remove: () => void;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);
beforeEach(() => {
  ({ dir: home, remove } = tempHome());
});
afterEach(() => remove());

interface DoctorDoc {
  ok: boolean;
  fixed?: string[];
  notFixed?: { id: string; reason: string }[];
  agents: {
    id: string;
    configured: boolean;
    notGateway?: string;
    file?: string;
    findings: { code: string; message: string; fix: string; requestId?: string }[];
  }[];
}
const doctor = async (args: string[], env: Record<string, string>) => {
  const r = await runInProcess(['doctor', '--json', ...args], { home, env });
  expect(r.stdout + r.stderr).not.toContain(DEMO_KEY);
  return { code: r.code, doc: jsonOf(r) as unknown as DoctorDoc, stderr: r.stderr };
};

function write(rel: string, text: string): string {
  const path = join(home, rel);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const handWrittenCodex = (baseUrl: string, envKey: string) => `# my own Codex config, written by hand
model = "gpt-5.1-codex"
model_provider = "mygw"
approval_policy = "never"

[model_providers.mygw]
name = "My gateway"
base_url = "${baseUrl}"
env_key = "${envKey}"
wire_api = "responses"

[model_providers.other]
name = "Another provider" # keep me
base_url = "https://other.example/v1"
`;

describe('doctor on configs written by hand', () => {
  it('Codex with a doubled /v1, the key in its own variable: named, then repaired with that variable; the rest kept', async () => {
    const path = write('.codex/config.toml', handWrittenCodex(`${sim.root}/v1/v1`, 'MY_GW'));
    const env = { MY_GW: DEMO_KEY };
    const first = await doctor([], env);
    expect(first.code).toBe(1);
    const codex = first.doc.agents.find((a) => a.id === 'codex')!;
    expect(codex.file).toBe(path);
    const finding = codex.findings.find((f) => f.code === 'wrong_path');
    expect(finding?.message).toContain('/v1/v1/responses');
    expect(sim.log.map((e) => e.requestId)).toContain(finding?.requestId);

    const fix = await doctor(['--fix'], env);
    expect(fix.code, JSON.stringify(fix.doc)).toBe(0);
    expect(fix.doc.fixed).toEqual(['codex']);
    const text = readFileSync(path, 'utf8');
    // Setup's own provider entry, now the active one; the user's table is left as they wrote it.
    expect(text).toContain('model_provider = "gateway"');
    expect(text.slice(text.indexOf('[model_providers.gateway]'))).toContain(`base_url = "${sim.root}/v1"\nenv_key = "MY_GW"`);
    expect(text).toContain(`[model_providers.mygw]\nname = "My gateway"\nbase_url = "${sim.root}/v1/v1"`);
    expect(text).toContain('model = "gpt-5.1-codex"');
    for (const kept of ['# my own Codex config, written by hand', 'approval_policy = "never"', 'name = "Another provider" # keep me'])
      expect(text).toContain(kept);
    // The key stays in the user's variable: not copied into a file.
    expect(existsSync(join(home, '.codex/.env')) && readFileSync(join(home, '.codex/.env'), 'utf8').includes(DEMO_KEY)).toBe(false);
    // A backup of the hand-written file exists.
    const backups = join(home, '.config/gateway-agent-setup/backups');
    expect(existsSync(backups)).toBe(true);

    const again = await doctor([], env);
    expect(again.code, JSON.stringify(again.doc)).toBe(0);
    expect(again.doc.agents.find((a) => a.id === 'codex')?.findings).toEqual([]);
  });

  it('a gateway that does not answer: its finding names why; the key and version blocks say it did not answer, not that it keeps them to itself', async () => {
    const root = `http://127.0.0.1:${await closedPort()}`;
    write('.codex/config.toml', handWrittenCodex(`${root}/v1`, 'MY_GW'));
    const env = { MY_GW: DEMO_KEY };
    const json = await doctor([], env);
    expect(json.code).toBe(1);
    expect(json.doc.agents.find((a) => a.id === 'codex')?.findings.map((f) => f.code)).toEqual(['unreachable']);
    const doc = json.doc as unknown as { gateways: unknown[]; keys: unknown[] };
    expect(doc.gateways).toEqual([{ root, version: null, answered: false }]);
    expect(doc.keys).toEqual([expect.objectContaining({ root, agents: ['codex'], told: false, unreached: true })]);
    const text = await runInProcess(['doctor'], { home, env });
    expect(text.stdout).toContain(`Gateway version:\n  ${root}: did not answer (the findings above say why)`);
    expect(text.stdout.replace(/\s+/g, ' ')).toMatch(
      /Keys: sk-\S+ \(Codex CLI\): its balance was not asked: the agents' requests did not reach the gateway's API \(the findings above say why\)/,
    );
    expect(text.stdout).not.toContain('not told by the gateway');
    expect(text.stdout).not.toContain("does not show this key's balance");
    // Nothing for --fix to write while the gateway the agent points at is away: said, not offered.
    expect((json.doc as unknown as { gatewayAway?: boolean }).gatewayAway).toBe(true);
    expect((json.doc as unknown as { nothingToFix?: unknown }).nothingToFix).toEqual({ gateway: true, key: false });
    expect(text.stdout.replace(/\s+/g, ' ')).toContain(
      'Findings remain, each of them the gateway not answering or turning the calls away for now (its load, a rate limit): there is nothing here for `--fix` to repair. Run `gateway-agent-setup doctor` again later.',
    );
    expect(text.stdout).not.toContain('doctor --fix` repairs what it can');
    // And --fix tries no rewrite (each would wait on the same gateway), and says why it did nothing.
    const fix = await doctor(['--fix'], env);
    expect([fix.doc.fixed, fix.doc.notFixed]).toEqual([[], []]);
    expect((fix.doc as unknown as { gatewayAway?: boolean }).gatewayAway).toBe(true);
    // With another gateway given, --fix has somewhere to point the agent: offered as before.
    const elsewhere = await doctor(['--base-url', sim.root], env);
    expect((elsewhere.doc as unknown as { gatewayAway?: boolean }).gatewayAway).toBeUndefined();
  });

  it('a gateway that keeps the agent waiting past the deadline: a timeout, nothing offered to --fix, and --fix rewrites nothing', async () => {
    const slow = await startSim({ faults: [{ kind: 'slow-headers', ms: 3000 }] });
    const path = write('.codex/config.toml', handWrittenCodex(`${slow.root}/v1`, 'MY_GW'));
    const before = readFileSync(path, 'utf8');
    const env = { MY_GW: DEMO_KEY };
    const r = await doctor(['--timeout', '0.5'], env);
    expect(r.code).toBe(1);
    expect(r.doc.agents.find((a) => a.id === 'codex')?.findings.map((f) => f.code)).toEqual(['timeout']);
    const doc = r.doc as unknown as { gatewayAway?: boolean; nothingToFix?: unknown; gateways: unknown[] };
    expect([doc.gatewayAway, doc.nothingToFix]).toEqual([true, { gateway: true, key: false }]);
    expect(doc.gateways).toEqual([{ root: slow.root, version: null, answered: false }]);
    const fix = await doctor(['--fix', '--timeout', '0.5'], env);
    expect([fix.doc.fixed, fix.doc.notFixed]).toEqual([[], []]);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it("a gateway too busy to serve (its load monitor): exit 75, nothing offered to --fix; its list and the key's balance still answer", async () => {
    // As new-api v0.13 routes it: the monitor stands in front of the relay alone.
    const busy = await startSim({ faults: [{ kind: 'overloaded' }] });
    write('.codex/config.toml', handWrittenCodex(`${busy.root}/v1`, 'MY_GW'));
    const r = await doctor([], { MY_GW: DEMO_KEY });
    // Exit 75 (try later), as verify and setup say it.
    expect(r.code).toBe(75);
    expect(r.doc.agents.find((a) => a.id === 'codex')?.findings.map((f) => f.code)).toEqual(['gateway_busy']);
    const doc = r.doc as unknown as { keys: unknown[]; gateways: unknown[]; gatewayAway?: boolean };
    expect(doc.keys).toEqual([expect.objectContaining({ root: busy.root, told: true, unlimited: true })]);
    expect(doc.gateways).toEqual([{ root: busy.root, version: 'v0.13.2', answered: true }]);
    expect(doc.gatewayAway).toBe(true);
  });

  it('Codex set up for the gateway, with a `profile = "NAME"` line it refuses to start with: named, and --fix takes the line out (its table kept)', async () => {
    const text = handWrittenCodex(`${sim.root}/v1`, 'MY_GW').replace('approval_policy = "never"', 'profile = "work"');
    const path = write('.codex/config.toml', `${text}\n[profiles.work]\napproval_policy = "never"\n`);
    const env = { MY_GW: DEMO_KEY, GATEWAY_API_KEY: DEMO_KEY };
    const first = await doctor(['--agent', 'codex'], env);
    expect(first.code).toBe(1);
    const finding = first.doc.agents.find((a) => a.id === 'codex')?.findings[0];
    expect([finding?.code, finding?.message]).toEqual([
      'config_invalid',
      `${path} has \`profile = "work"\`, which Codex 0.134.0 and later refuse to start with ("legacy profile config is no longer supported"): a profile is now a file of its own, work.config.toml, chosen with \`--profile work\`.`,
    ]);
    // The file yields no request, so no address either: the repair asks for it, then takes it.
    const unsure = await doctor(['--fix', '--agent', 'codex'], env);
    expect(unsure.doc.notFixed?.[0]?.reason).toContain('pass --base-url');
    const fix = await doctor(['--fix', '--agent', 'codex', '--base-url', sim.root], env);
    expect(fix.code, JSON.stringify(fix.doc)).toBe(0);
    expect(fix.doc.fixed).toEqual(['codex']);
    const after = readFileSync(path, 'utf8');
    expect(after).not.toMatch(/^profile =/m);
    expect(after).toContain('[profiles.work]\napproval_policy = "never"');
    expect(after).toContain('name = "Another provider" # keep me');
  });

  it('no key anywhere: the missing key is named; --fix repairs nothing and says which variable to export', async () => {
    const path = write('.codex/config.toml', handWrittenCodex(`${sim.root}/v1`, 'MY_GW'));
    const before = readFileSync(path, 'utf8');
    const r = await doctor(['--fix'], {});
    expect(r.code).toBe(1);
    expect(r.doc.agents.find((a) => a.id === 'codex')?.findings.map((f) => f.code)).toContain('missing_key');
    expect(r.doc.fixed).toEqual([]);
    expect(r.doc.notFixed).toEqual([{ id: 'codex', reason: expect.stringContaining('export GATEWAY_API_KEY') as unknown as string }]);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('a key given but no gateway named: --fix writes it nowhere and says how to name the host; then it does', async () => {
    const path = write('.codex/config.toml', handWrittenCodex(`${sim.root}/v1`, 'MY_GW'));
    const before = readFileSync(path, 'utf8');
    const r = await doctor(['--fix'], { GATEWAY_API_KEY: DEMO_KEY });
    expect(r.code).toBe(1);
    expect(r.doc.fixed).toEqual([]);
    expect(r.doc.notFixed).toEqual([
      {
        id: 'codex',
        reason: `the key in GATEWAY_API_KEY is not written to ${sim.root}, which this run was not told is your gateway (a key goes only where you send it). If it is: \`gateway-agent-setup doctor --fix --base-url ${sim.root}\`.`,
      },
    ]);
    expect(readFileSync(path, 'utf8')).toBe(before);
    const fix = await doctor(['--fix', '--base-url', sim.root], { GATEWAY_API_KEY: DEMO_KEY });
    expect(fix.code, JSON.stringify(fix.doc)).toBe(0);
    expect(fix.doc.fixed).toEqual(['codex']);
  });

  it('an HTML endpoint and no saved setup: --fix needs the base URL, then takes it from --base-url', async () => {
    const path = write('.codex/config.toml', handWrittenCodex(`${sim.root}/console`, 'MY_GW'));
    const env = { MY_GW: DEMO_KEY };
    const first = await doctor([], env);
    expect(first.doc.agents.find((a) => a.id === 'codex')?.findings.map((f) => f.code)).toContain('not_api');
    const fix = await doctor(['--fix', '--base-url', sim.root], env);
    expect(fix.code, JSON.stringify(fix.doc)).toBe(0);
    expect(readFileSync(path, 'utf8')).toContain(`base_url = "${sim.root}/v1"`);
  });
});

describe('doctor and agents not set up for the gateway', () => {
  const claudeOwn = JSON.stringify(
    { permissions: { allow: ['Bash(npm test)'] }, statusLine: { type: 'command', command: 'echo hi' } },
    null,
    2,
  );

  it('a Claude Code settings file without a gateway: a note, not a finding; --fix leaves it alone', async () => {
    const path = write('.claude/settings.json', claudeOwn);
    const r = await doctor([], { GATEWAY_API_KEY: DEMO_KEY });
    expect(r.code).toBe(0);
    const claude = r.doc.agents.find((a) => a.id === 'claude-code')!;
    expect(claude.findings).toEqual([]);
    expect(claude.notGateway).toContain('ANTHROPIC_BASE_URL');
    const fix = await doctor(['--fix', '--base-url', sim.root], { GATEWAY_API_KEY: DEMO_KEY });
    expect(fix.code).toBe(0);
    expect(fix.doc.fixed).toEqual([]);
    expect(readFileSync(path, 'utf8')).toBe(claudeOwn);

    const text = await runInProcess(['doctor'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
    expect(text.stdout).toContain('Claude Code: not set up for the gateway');
    expect(text.stdout).toContain('setup --agent claude-code');
  });

  it('asked for by --agent, or set up earlier (saved settings), the same file is a finding', async () => {
    write('.claude/settings.json', claudeOwn);
    const asked = await doctor(['--agent', 'claude-code'], { GATEWAY_API_KEY: DEMO_KEY });
    expect(asked.code).toBe(1);
    expect(asked.doc.agents[0]?.findings.map((f) => f.code)).toEqual(['config_invalid']);

    write('.config/gateway-agent-setup/settings.json', JSON.stringify({ baseUrl: sim.root, agents: ['claude-code'] }));
    const saved = await doctor([], { GATEWAY_API_KEY: DEMO_KEY });
    expect(saved.code).toBe(1);
    expect(saved.doc.agents.find((a) => a.id === 'claude-code')?.findings.map((f) => f.code)).toEqual(['config_invalid']);
    // And then --fix sets it up, keeping the user's own settings.
    const fix = await doctor(['--fix'], { GATEWAY_API_KEY: DEMO_KEY });
    expect(fix.code, JSON.stringify(fix.doc)).toBe(0);
    const doc = JSON.parse(readFileSync(join(home, '.claude/settings.json'), 'utf8')) as {
      env: Record<string, string>;
      permissions: unknown;
      statusLine: unknown;
    };
    expect(doc.env.ANTHROPIC_BASE_URL).toBe(sim.root);
    expect(doc.permissions).toEqual({ allow: ['Bash(npm test)'] });
    expect(doc.statusLine).toEqual({ type: 'command', command: 'echo hi' });
  });
});

describe('doctor and the Claude Code config users write by hand: a base URL and a token, no model', () => {
  it('is checked with the model Claude Code picks itself: the doubled /v1 and that model are both named; --fix writes both right', async () => {
    const path = write(
      '.claude/settings.json',
      JSON.stringify(
        { permissions: { allow: ['Bash(npm test)'] }, env: { ANTHROPIC_BASE_URL: `${sim.root}/v1`, ANTHROPIC_AUTH_TOKEN: DEMO_KEY } },
        null,
        2,
      ),
    );
    chmodSync(path, 0o600);
    const first = await doctor([], {});
    expect(first.code).toBe(1);
    const claude = first.doc.agents.find((a) => a.id === 'claude-code')!;
    expect(claude.notGateway).toBeUndefined();
    expect(claude.findings.map((f) => f.code)).toEqual(['wrong_path', 'model_not_listed']);
    expect(claude.findings[0]?.requestId).toBeDefined();
    expect(sim.log.find((e) => e.requestId === claude.findings[0]?.requestId)?.path).toBe('/v1/v1/messages');
    expect(claude.findings[1]?.message).toBe(
      `claude-opus-5-5 (Claude Code's own default, as ANTHROPIC_MODEL is not set in ${path}) is not among the key's models.`,
    );

    const fix = await doctor(['--fix'], {});
    expect(fix.code, JSON.stringify(fix.doc)).toBe(0);
    expect(fix.doc.fixed).toEqual(['claude-code']);
    const doc = JSON.parse(readFileSync(path, 'utf8')) as { env: Record<string, string>; permissions: unknown };
    expect(doc.env.ANTHROPIC_BASE_URL).toBe(sim.root);
    expect(doc.env.ANTHROPIC_MODEL).toBe('claude-sonnet-4-5');
    expect(doc.permissions).toEqual({ allow: ['Bash(npm test)'] });
  });
});

describe('doctor and a Claude Code on the model it picks itself', () => {
  it("a gateway that serves it: ✓, and the line says the model is Claude Code's own default", async () => {
    const own = await startSim({ models: [...DEFAULT_MODELS, { id: 'claude-opus-5-5', channel: 'anthropic' }] });
    const path = write('.claude/settings.json', JSON.stringify({ env: { ANTHROPIC_BASE_URL: own.root, ANTHROPIC_AUTH_TOKEN: DEMO_KEY } }));
    chmodSync(path, 0o600);
    const r = await runInProcess(['doctor'], { home, env: {} });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(
      `claude-opus-5-5 (Claude Code's own default, as ANTHROPIC_MODEL is not set in ~/.claude/settings.json) over messages at ${own.root}/v1/messages: OK`,
    );
  });
});

describe('doctor and a local model server that needs no key', () => {
  // Ollama and LM Studio list their models to anyone: a config for one is not a gateway's.
  let server: Server;
  let local: string;
  const seen: (string | undefined)[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'qwen2.5-coder:7b', object: 'model', owned_by: 'library' }] }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    local = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  const lived = (baseUrl: string) =>
    readFileSync(join(import.meta.dirname, '../fixtures/agents/opencode/opencode.lived-in.jsonc'), 'utf8').replace(
      'http://localhost:11434/v1',
      baseUrl,
    );

  it('an OpenCode and a Kilo CLI on it are not set up for the gateway: a note, no finding, no key sent; --fix leaves them alone', async () => {
    const text = lived(local);
    const path = write('.config/opencode/opencode.jsonc', text);
    const kilo = readFileSync(join(import.meta.dirname, '../fixtures/agents/kilo/kilo.lived-in.jsonc'), 'utf8').replace(
      'http://127.0.0.1:1234/v1',
      local,
    );
    const kiloPath = write('.config/kilo/kilo.jsonc', kilo);
    seen.length = 0;
    const r = await doctor([], { GATEWAY_API_KEY: DEMO_KEY });
    expect(r.code).toBe(0);
    const opencode = r.doc.agents.find((a) => a.id === 'opencode')!;
    expect(opencode.findings).toEqual([]);
    expect(opencode.notGateway).toContain(`uses ${local}`);
    expect(opencode.notGateway).toContain('lists its models without one');
    expect(r.doc.agents.find((a) => a.id === 'kilo')?.notGateway).toContain(`uses ${local}`);
    // Asked once, with no key at all.
    expect(seen).toEqual([undefined]);

    const fix = await doctor(['--fix', '--base-url', sim.root], { GATEWAY_API_KEY: DEMO_KEY });
    expect(fix.code).toBe(0);
    expect(fix.doc.fixed).toEqual([]);
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(readFileSync(kiloPath, 'utf8')).toBe(kilo);
  });

  it('asked for by --agent, the same config is a finding: the key it lacks', async () => {
    write('.config/opencode/opencode.jsonc', lived(local));
    const asked = await doctor(['--agent', 'opencode'], { GATEWAY_API_KEY: DEMO_KEY });
    expect(asked.code).toBe(1);
    expect(asked.doc.agents[0]?.findings.map((f) => f.code)).toEqual(['missing_key']);
  });

  it("a provider's own service (refusing in its own words) is not set up for the gateway either; new-api's refusal keeps the finding", async () => {
    const vendor = createServer((_req, res) => {
      res.statusCode = 401;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ message: 'Unauthorized', request_id: 'abc' }));
    });
    await new Promise<void>((done) => vendor.listen(0, '127.0.0.1', done));
    try {
      const at = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/v1`;
      write('.config/opencode/opencode.jsonc', lived(at));
      const r = await doctor([], {});
      expect(r.code).toBe(0);
      const opencode = r.doc.agents.find((a) => a.id === 'opencode')!;
      expect(opencode.findings).toEqual([]);
      expect(opencode.notGateway).toBe(
        `OpenCode uses ${at} (${join(home, '.config/opencode/opencode.jsonc')}) with no key, and no new-api gateway answers there (asked without a key): a provider's own service or another API.`,
      );
    } finally {
      await new Promise<void>((done) => vendor.close(() => done()));
    }
  });

  it('an address that accepts and never answers: the missing key stays a finding, after a short question, not the 30 s a request waits', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    try {
      write('.config/opencode/opencode.jsonc', lived(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`));
      const started = performance.now();
      const r = await doctor([], {});
      expect(r.doc.agents.find((a) => a.id === 'opencode')?.findings.map((f) => f.code)).toEqual(['missing_key']);
      expect(performance.now() - started).toBeLessThan(15_000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((done) => silent.close(() => done()));
    }
  }, 40_000);

  it("a provider's own service the config holds a key for: checked, but neither shown as a gateway nor asked for the key's balance", async () => {
    // It answers in its own words, without new-api's request ID.
    const paths: string[] = [];
    const vendor = createServer((req, res) => {
      paths.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== 'Bearer vendor-key-0000000000000000') {
        res.statusCode = 401;
        res.end(JSON.stringify({ message: 'Unauthorized' }));
      } else if (req.url === '/v1/models') {
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'qwen2.5-coder:7b', object: 'model' }] }));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ message: 'Not found' }));
      }
    });
    await new Promise<void>((done) => vendor.listen(0, '127.0.0.1', done));
    try {
      const root = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
      const text = lived(`${root}/v1`).replace(
        `"baseURL": "${root}/v1" }`,
        `"baseURL": "${root}/v1", "apiKey": "vendor-key-0000000000000000" }`,
      );
      chmodSync(write('.config/opencode/opencode.jsonc', text), 0o600);
      const r = await runInProcess(['doctor', '--json'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      const doc = jsonOf(r) as { agents: { id: string; findings: unknown[] }[]; gateways: { root: string }[]; keys: unknown[] };
      // Checked with its own key: its list and the agent's request went there.
      expect(doc.agents.find((a) => a.id === 'opencode')).toBeDefined();
      expect(paths).toEqual(expect.arrayContaining(['GET /v1/models', 'POST /v1/chat/completions']));
      expect(doc.gateways).toEqual([]);
      expect(doc.keys).toEqual([]);
      expect(paths.some((p) => p.includes('/api/usage'))).toBe(false);
    } finally {
      await new Promise<void>((done) => vendor.close(() => done()));
    }
  });

  it("a new-api behind a proxy that drops its request ID header is still the gateway: its list's own `success` field says so", async () => {
    // v0.10.2 sends no version header either: the list's body is all that is left to tell.
    const gateway = await startSim({ newApi: 'v0.10.2' });
    const proxy = createServer((req, res) => {
      const upstream = request(`${gateway.root}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
        const headers = { ...up.headers };
        delete headers['x-oneapi-request-id'];
        res.writeHead(up.statusCode ?? 502, headers);
        up.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    try {
      const root = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      write('.codex/config.toml', handWrittenCodex(`${root}/v1`, 'MY_GW'));
      const r = await runInProcess(['doctor', '--json'], { home, env: { MY_GW: DEMO_KEY } });
      const doc = jsonOf(r) as { gateways: unknown[]; keys: { root: string; told: boolean }[] };
      expect(doc.gateways).toEqual([{ root, version: null, answered: true }]);
      // The key's balance is asked there, as of any gateway.
      expect(doc.keys).toEqual([expect.objectContaining({ root, told: true })]);
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((done) => proxy.close(() => done()));
    }
  });

  it('a server that wants a key (the gateway) keeps the finding', async () => {
    write('.config/opencode/opencode.jsonc', lived(`${sim.root}/v1`));
    const r = await doctor([], { GATEWAY_API_KEY: DEMO_KEY });
    expect(r.code).toBe(1);
    expect(r.doc.agents.find((a) => a.id === 'opencode')?.findings.map((f) => f.code)).toEqual(['missing_key']);
  });
});

describe('doctor: the small/fast model of background calls', () => {
  const setup = async (agent: string) => {
    const r = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', agent], {
      home,
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(r.code, r.stderr).toBe(0);
  };
  const env = { GATEWAY_API_KEY: DEMO_KEY };

  it('Claude Code: a haiku model the key does not offer is named (the main request passes), then replaced', async () => {
    await setup('claude-code');
    const path = join(home, '.claude/settings.json');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(
        '"ANTHROPIC_DEFAULT_HAIKU_MODEL": "claude-haiku-4-5"',
        '"ANTHROPIC_DEFAULT_HAIKU_MODEL": "claude-haiku-9"',
      ),
    );
    const first = await doctor([], env);
    expect(first.code).toBe(1);
    const findings = first.doc.agents.find((a) => a.id === 'claude-code')!.findings;
    expect(findings.map((f) => f.code)).toEqual(['model_not_listed']);
    expect(findings[0]?.message).toContain('small/fast model claude-haiku-9 (ANTHROPIC_DEFAULT_HAIKU_MODEL');
    // The background request was sent as Claude Code sends it; its request ID is the evidence.
    const entry = sim.log.find((e) => e.requestId === findings[0]?.requestId);
    expect(entry?.path).toBe('/v1/messages');

    const fix = await doctor(['--fix'], env);
    expect(fix.code, JSON.stringify(fix.doc)).toBe(0);
    const vars = (JSON.parse(readFileSync(path, 'utf8')) as { env: Record<string, string> }).env;
    expect(vars.ANTHROPIC_DEFAULT_HAIKU_MODEL).toBe('claude-haiku-4-5');
    expect(vars.ANTHROPIC_MODEL).toBe('claude-sonnet-4-5');
    expect((await doctor([], env)).code).toBe(0);
  });

  it('OpenCode: a small_model its provider cannot serve is wrong_protocol; one naming no provider is config_invalid; --fix keeps the main model', async () => {
    await setup('opencode');
    const path = join(home, '.config/opencode/opencode.json');
    const good = JSON.parse(readFileSync(path, 'utf8')) as {
      model: string;
      small_model: string;
      provider: Record<string, { models: Record<string, unknown> }>;
    };
    const wrong = structuredClone(good);
    wrong.small_model = 'gateway-anthropic/gpt-5.1-codex';
    wrong.provider['gateway-anthropic']!.models['gpt-5.1-codex'] = { name: 'gpt-5.1-codex' };
    writeFileSync(path, JSON.stringify(wrong, null, 2));
    const first = await doctor([], env);
    expect(first.code).toBe(1);
    const findings = first.doc.agents.find((a) => a.id === 'opencode')!.findings;
    expect(findings.map((f) => f.code)).toEqual(['wrong_protocol']);
    expect(findings[0]?.message).toContain('small/fast model gpt-5.1-codex (small_model');

    writeFileSync(path, JSON.stringify({ ...good, small_model: 'nowhere/tiny' }, null, 2));
    const second = await doctor([], env);
    const invalid = second.doc.agents.find((a) => a.id === 'opencode')!.findings;
    expect(invalid.map((f) => f.code)).toEqual(['config_invalid']);
    expect(invalid[0]?.message).toContain('small_model');
    expect(invalid[0]?.message).toContain('nowhere');

    const fix = await doctor(['--fix'], env);
    expect(fix.code, JSON.stringify(fix.doc)).toBe(0);
    const after = JSON.parse(readFileSync(path, 'utf8')) as typeof good;
    expect(after.model).toBe(good.model);
    expect(after.small_model).toBe(good.small_model);
    expect((await doctor([], env)).code).toBe(0);
  });
});

describe('doctor --fix when the model kept fails its own probe', () => {
  it('moves to a model that passes, says from which to which and why; advice that runs, never --force', async () => {
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    expect(
      (
        await runInProcess(
          ['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code', '--model', 'claude-code=claude-sonnet-4-5'],
          {
            home,
            env,
          },
        )
      ).code,
    ).toBe(0);
    const file = join(home, '.claude/settings.json');
    writeFileSync(file, readFileSync(file, 'utf8').split(`"${sim.root}"`).join(`"${sim.root}/v1"`));
    sim.addFault({ kind: 'server-error', model: 'claude-sonnet-4-5' });
    try {
      const r = await runInProcess(['doctor', '--json', '--fix', '--agent', 'claude-code'], { home, env });
      const doc = jsonOf(r) as unknown as DoctorDoc & { moved: { id: string; from: string; to: string; code: string }[] };
      expect(doc.fixed).toEqual(['claude-code']);
      expect(doc.moved).toHaveLength(1);
      expect(doc.moved[0]).toMatchObject({ id: 'claude-code', from: 'claude-sonnet-4-5', code: 'channel_failed' });
      expect(doc.moved[0]?.to).not.toBe('claude-sonnet-4-5');
      const settings = readFileSync(file, 'utf8');
      expect(settings).toContain(`"ANTHROPIC_MODEL": "${doc.moved[0]?.to}"`);
      expect(settings).not.toContain(`${sim.root}/v1`);
    } finally {
      sim.clearFaults();
    }
  });

  it('when no model passes, the cause is named, not --force (which doctor does not take)', async () => {
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    expect((await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], { home, env })).code).toBe(0);
    const file = join(home, '.claude/settings.json');
    writeFileSync(file, readFileSync(file, 'utf8').split(`"${sim.root}"`).join(`"${sim.root}/v1"`));
    sim.addFault({ kind: 'server-error', path: '/v1/messages' });
    try {
      const r = await runInProcess(['doctor', '--fix', '--agent', 'claude-code'], { home, env });
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/not repaired|could not/i);
      expect(r.stdout).toContain('not the cause');
      expect(r.stdout + r.stderr).not.toContain('--force');
    } finally {
      sim.clearFaults();
    }
  });
});
