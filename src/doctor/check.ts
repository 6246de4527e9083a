// The self-check, run on what is on this machine now, including configs written by hand
// or by other tools: per agent, its config read back as the agent reads it, then the key, the
// model against the key's list and marks, and a minimal request sent exactly as the agent would.
import type { AgentId } from '../agents/registry.js';
import type { Agent, AgentEnv, AgentRequest, CurrentFiles, Scope } from '../agents/types.js';
import { readConfig } from '../config/read-config.js';
import { evaluatedAs, foreignReference } from '../config/evaluated.js';
import { BIN } from '../core/bin.js';
import { normalizeBaseUrl, originOf } from '../core/base-url.js';
import { shellWord } from '../core/shell-word.js';
import { errorText, GatewayError, ToolError } from '../core/errors.js';
import type { ClassifiedModel, Diagnosis, DiagnosisCode, Markers } from '../core/types.js';
import type { HttpOptions } from '../gateway/http.js';
import { octalMode, openKeyFiles } from './key-files.js';
import { smallModelRequest } from '../agents/small-model.js';
import { installation, outdated, unproven, withVersion } from '../agents/versions.js';
import { commas, isMessage, msg, type Message } from '../i18n/index.js';
import type { GroupAdvice } from '../setup/group-advice.js';

interface Finding {
  code: DiagnosisCode;
  message: Message;
  fix: Message;
  requestId?: string;
  status?: number;
  /** The file a `key_file_open` finding is about (what --fix tightens). */
  path?: string;
}

export interface AgentCheck {
  id: AgentId;
  name: string;
  /** The agent has a config of its own on this machine. */
  configured: boolean;
  /** The config file the request was read from. */
  file?: string | Message;
  /** Gateway root derived from the agent's base URL (a doubled /v1 removed). */
  root?: string;
  request?: Omit<AgentRequest, 'key'>;
  /** The model the config names, when it is usable for a repair. */
  usableModel?: string;
  /** The small/fast model the config names (Claude Code haiku, OpenCode small_model), when usable. */
  usableSmallModel?: string;
  /** The request ID of the agent's request when it passed. */
  passedRequestId?: string;
  /**
   * Set when the agent's config does not point at a gateway and nothing says it should (the saved
   * settings do not list it, it was not asked for, the config never names the gateway): the reason.
   * Not a finding: a Claude Code used with Anthropic's own service is not broken, and `--fix` must
   * not take it over.
   */
  notGateway?: Message;
  findings: Finding[];
  /** The installed version is older than the oldest one our tests ran: why its config is not proven. */
  unproven?: Message;
  /** The check is of the agent's predecessor's file (kimi-cli's ~/.kimi): reported, never repaired. */
  predecessor?: true;
  /**
   * Nothing in the key's list suits the agent, and the marketplace sells models that would: which
   * groups sell them (set by the CLI from `lacksModels`).
   */
  groupAdvice?: GroupAdvice[];
}

/** The key's list when nothing in it suits the agent (group advice starts from it). */
const lacking = new WeakMap<AgentCheck, readonly ClassifiedModel[]>();

/** The key's list, when the check found nothing in it that suits the agent; else undefined. */
export function lacksModels(check: AgentCheck): readonly ClassifiedModel[] | undefined {
  return lacking.get(check);
}

export interface CheckOptions {
  env: AgentEnv;
  scope: Scope;
  http: HttpOptions;
  markers?: Markers;
  /** The key for the model list (GATEWAY_API_KEY); else the agent's own key is used. */
  gatewayKey?: string;
  /** Agents with a key variable of their own (`--api-key-env AGENT=VAR`, saved): their gateway key. */
  gatewayKeys?: ReadonlyMap<AgentId, string>;
  /** Agents the user set up for the gateway (saved settings) or asked about (--agent). */
  intended?: ReadonlySet<AgentId>;
  /** The gateway's host, when known: a config that names it is meant for the gateway. */
  gatewayHost?: string;
  /**
   * The origin of the gateway the user gave or saved (scheme, host, port), when known. A project
   * config comes with the repository: its request is sent only when it goes to this origin.
   */
  trustedOrigin?: string;
}

/** The key each check's agent would send, kept out of the check itself so no report can print it. */
const agentKeys = new WeakMap<AgentCheck, string>();
/** The variable the agent reads its key by: data for a repair, not part of the report. */
const agentKeyVars = new WeakMap<AgentCheck, NonNullable<AgentRequest['keyVar']>>();

/** The checks whose agent was found on PATH (kept out of the JSON report, like the key variables). */
const installedChecks = new WeakSet<AgentCheck>();

/** The agent of this check is on PATH. */
export const agentInstalled = (check: AgentCheck): boolean => installedChecks.has(check);

/** The variable the agent's config reads its key by, when it names one. */
export function agentKeyVarOf(check: AgentCheck): AgentRequest['keyVar'] {
  return agentKeyVars.get(check);
}

/** The key the agent's own config yields (for a repair when no gateway key is set). */
export function agentKeyOf(check: AgentCheck): string | undefined {
  return agentKeys.get(check);
}

const fixHint = (): Message => msg('doctor.fix_hint');

/** Failures of the address, not the model: a request to it fails whatever model it names. */
const PATH_CODES: ReadonlySet<DiagnosisCode> = new Set(['wrong_path', 'not_api']);

function fromDiagnosis(d: Diagnosis): Finding {
  return { code: d.code, message: d.message, fix: d.fix, requestId: d.requestId, status: d.status };
}

async function readFiles(agent: Agent, env: AgentEnv, scope: Scope): Promise<{ current: CurrentFiles; configured: boolean } | Finding> {
  const entries: [string, unknown][] = [];
  let configured = false;
  for (const f of agent.files(env, scope)) {
    try {
      const doc = await readConfig(f.path, f.format);
      entries.push([f.path, doc]);
      // ~/.claude.json exists for every Claude Code user: it says nothing about a gateway setup.
      if (doc !== undefined && !f.role.startsWith('global state')) configured = true;
    } catch (err) {
      if (err instanceof ToolError) return { code: 'config_invalid', message: err.text, fix: err.hint ?? msg('doctor.fix_by_hand') };
      throw err;
    }
  }
  return { current: new Map(entries), configured };
}

/** A string property named `name` anywhere in a parsed config (e.g. Qwen's `env.GATEWAY_API_KEY`). */
function findString(doc: unknown, name: string): string | undefined {
  if (!doc || typeof doc !== 'object') return undefined;
  for (const [k, v] of Object.entries(doc)) {
    if (k === name && typeof v === 'string') return v;
    const inner = findString(v, name);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** The agent has a config of its own here (a file that does not parse counts: it is there). */
export async function isConfigured(agent: Agent, env: AgentEnv, scope: Scope): Promise<boolean> {
  const files = await readFiles(agent, env, scope);
  return 'code' in files ? true : files.configured;
}

/**
 * What an address's model lists said of it: a new-api or one-api (every answer of theirs carries
 * their request ID; behind a proxy that drops it, new-api's version header or its list's `success`
 * field still says so), a provider's own service (it answered with none of them), or nothing (no
 * list there got an answer: refused, no such host, timed out).
 */
export type AddressKind = 'gateway' | 'service' | 'silent';

/**
 * Memoizes one model list per (root, key) for a doctor run: agents usually share both. `versions`
 * collects each gateway's own version as its list answer says it; `addresses` what each address is.
 */
export function modelListCache(
  versions?: Map<string, string>,
  addresses?: Map<string, AddressKind>,
): (root: string, key: string, opts: CheckOptions) => Promise<ClassifiedModel[] | Diagnosis> {
  const answered = (root: string, gatewaySign: boolean): void =>
    void addresses?.set(root, addresses.get(root) === 'gateway' || gatewaySign ? 'gateway' : 'service');
  const cache = new Map<string, Promise<ClassifiedModel[] | Diagnosis>>();
  return (root, key, opts) => {
    const id = `${root}\u0000${key}`;
    let hit = cache.get(id);
    if (!hit) {
      // The gateway's client is loaded by the first agent there is to ask about: a machine without one never loads it.
      hit = gatewayClient()
        .then(({ listModels }) => listModels({ ...opts.http, root, key, markers: opts.markers }))
        .then(
          (l) => {
            if (l.gatewayVersion !== undefined) versions?.set(root, l.gatewayVersion);
            answered(root, l.requestId !== undefined || l.gatewayVersion !== undefined || l.newApiBody === true);
            return l.models;
          },
          (err: unknown) => {
            if (!(err instanceof GatewayError)) throw err;
            // Only an address that answered says what it is; one that did not says nothing.
            if (err.diagnosis.status !== undefined)
              answered(root, err.diagnosis.requestId !== undefined || err.gatewayVersion !== undefined);
            if (err.gatewayVersion !== undefined) versions?.set(root, err.gatewayVersion);
            else if (!addresses?.has(root)) addresses?.set(root, 'silent');
            return err.diagnosis;
          },
        );
      cache.set(id, hit);
    }
    return hit;
  };
}

export async function checkAgent(
  agent: Agent<AgentId>,
  opts: CheckOptions,
  models: ReturnType<typeof modelListCache>,
): Promise<AgentCheck> {
  const check: AgentCheck = { id: agent.id, name: agent.name, configured: false, findings: [] };
  const read = await readAgentConfig(agent, opts, check);
  const keys = read && (await keyChecks(agent, opts, check, read));
  if (read && keys) await modelChecks(agent, opts, models, check, read, keys);
  for (const f of check.findings) f.fix = agentFix(agent, f.fix);
  return check;
}

/**
 * The agent's predecessor (kimi-cli beside Kimi Code) when its own file points at the user's
 * gateway: that file's request checked as the agent's are, under the predecessor's name. Never
 * repaired (we do not write its files); a file that names another host is not ours to ask.
 */
export async function checkPredecessor(
  agent: Agent<AgentId>,
  opts: CheckOptions,
  models: ReturnType<typeof modelListCache>,
): Promise<AgentCheck | undefined> {
  const p = agent.predecessor;
  const gateway = opts.trustedOrigin;
  if (!p || gateway === undefined) return undefined;
  const file = p.file(opts.env);
  let doc: unknown;
  try {
    doc = await readConfig(file.path, file.format);
  } catch (err) {
    if (err instanceof ToolError) return undefined;
    throw err;
  }
  const request = doc === undefined ? undefined : p.readBack(opts.env, doc);
  if (request === undefined || isMessage(request) || originOf(request.url) !== gateway) return undefined;
  const standIn: Agent<AgentId> = {
    ...agent,
    name: p.name,
    versions: undefined,
    predecessor: undefined,
    files: () => [file],
    readBack: (env, _scope, current) => p.readBack(env, current.get(file.path)),
  };
  const check = await checkAgent(standIn, opts, models);
  return { ...check, predecessor: true };
}

/**
 * A doubled `/v1` fixed as this agent takes its base URL: the bare root for one that appends `/v1`
 * itself (Claude Code), the root and `/v1` once for the others; never the value it already has.
 */
function agentFix(agent: Agent<AgentId>, fix: Message): Message {
  if (fix.key !== 'diag.wrong_path.doubled_fix') return fix;
  const origin = fix.params['origin'];
  const root = agent.baseUrl?.form === 'root';
  return msg(root ? 'doctor.doubled_fix_root' : 'doctor.doubled_fix_v1', {
    agent: agent.name,
    origin: typeof origin === 'string' ? origin : '',
    bin: BIN,
  });
}

/** What the agent's files say it sends, as its installed version reads them. */
interface ConfigRead {
  env: AgentEnv;
  current: CurrentFiles;
  request: AgentRequest;
}

/** The keys the checks send: the one the agent sends (or its config holds, under an export), and the gateway's. */
interface CheckKeys {
  /** The gateway's root the agent's base URL names. */
  root: string;
  key: string | undefined;
  sentKey: string | undefined;
  gatewayKey: string | undefined;
}

/** Reads the agent's config and what it would send; undefined when the check ends there (its findings said). */
async function readAgentConfig(agent: Agent<AgentId>, opts: CheckOptions, check: AgentCheck): Promise<ConfigRead | undefined> {
  // The config is read as the installed version reads it.
  const { installed, version } = await installation(agent, opts.env);
  if (installed) installedChecks.add(check);
  const env = withVersion(opts.env, version);
  const files = await readFiles(agent, env, opts.scope);
  if ('code' in files) {
    check.configured = true;
    check.findings.push(files);
    return undefined;
  }
  check.configured = files.configured;
  if (!files.configured) return undefined;
  const old = outdated(agent, version);
  // Below a version seen failing nothing else is worth saying: it does not read a config of ours.
  if (old) {
    check.findings.push({ code: 'agent_outdated', message: old.older, fix: msg('doctor.update_agent', { update: old.update }) });
    return undefined;
  }
  // Older than our tests ran: the request below is what that version should send, not proven to be.
  const notProven = unproven(agent, version);
  if (notProven) check.unproven = notProven;
  const request = agent.readBack(env, opts.scope, files.current);
  if (isMessage(request)) {
    const namesGateway = opts.gatewayHost !== undefined && JSON.stringify([...files.current.values()]).includes(opts.gatewayHost);
    if (opts.intended?.has(agent.id) || namesGateway) check.findings.push({ code: 'config_invalid', message: request, fix: fixHint() });
    else check.notGateway = request;
    return undefined;
  }
  return { env, current: files.current, request };
}

/**
 * The key the agent sends: an export replacing it, a host that is not the user's gateway, a base URL
 * that does not parse, key files others can read, no key at all. Undefined when the check ends there.
 */
async function keyChecks(agent: Agent<AgentId>, opts: CheckOptions, check: AgentCheck, read: ConfigRead): Promise<CheckKeys | undefined> {
  const { env, request } = read;
  const files = { current: read.current };
  const { key: sentKey, overridden, keyVar, ...shown } = request;
  if (keyVar) agentKeyVars.set(check, keyVar);
  // A shell export that replaces the config's key is named once, as itself; everything else is then
  // checked with the key the config sets, which is what the agent sends once the export is gone.
  let key = overridden ? overridden.configKey : sentKey;
  if (overridden) {
    check.findings.push({
      code: 'env_override',
      message: msg('doctor.shell_override', { var: overridden.var, agent: agent.name, source: overridden.configSource }),
      fix: msg('doctor.shell_override_fix', { var: overridden.var }),
    });
  }
  // A repository's committed config is somebody else's text: no key, and no request at all, goes
  // to a host that is not the user's own gateway. The finding stands in for every other check.
  const origin = originOf(request.url);
  if (opts.scope === 'project' && (origin === undefined || origin !== opts.trustedOrigin)) {
    const host = origin ?? request.baseUrl;
    check.file = request.file;
    check.findings.push({
      code: 'untrusted_host',
      message: opts.trustedOrigin
        ? msg('doctor.untrusted_host', { file: request.file, agent: agent.name, host, gateway: opts.trustedOrigin })
        : msg('doctor.untrusted_host_none', { file: request.file, agent: agent.name, host }),
      fix: msg('doctor.untrusted_host_fix', { host }),
    });
    return undefined;
  }
  if (key) agentKeys.set(check, key);
  check.request = shown;
  check.file = request.file;
  try {
    check.root = normalizeBaseUrl(request.baseUrl).root;
  } catch (err) {
    check.findings.push({
      code: 'config_invalid',
      message: msg('doctor.bad_base_url', { file: request.file, url: request.baseUrl, detail: errorText(err) }),
      fix: fixHint(),
    });
    return undefined;
  }
  key = exportOverride(agent, check, request, files.current, key);
  foreignKeySyntax(agent, check, request, sentKey);
  if ((key === undefined || key === '') && (await keylessServer(agent, opts, check, request))) return undefined;
  const keyFiles = agent.files(env, opts.scope).flatMap((f) => [f.path, ...(agent.copiesOf?.(f.path) ?? [])]);
  const gatewayKey = opts.gatewayKeys?.get(agent.id) ?? opts.gatewayKey;
  for (const open of await openKeyFiles(keyFiles, [key, sentKey, gatewayKey], opts.env.platform)) {
    check.findings.push({
      code: 'key_file_open',
      message: msg('doctor.key_file_open', { file: open.path, mode: octalMode(open.mode) }),
      fix: msg('doctor.key_file_open_fix', { file: shellWord(open.path) }),
      path: open.path,
    });
  }
  if (key === undefined || key === '') {
    check.findings.push({
      code: 'missing_key',
      message: msg('setup.no_key_found', { agent: agent.name, source: request.keySource }),
      fix: msg('doctor.missing_key_fix', { fix: fixHint() }),
    });
  }
  return { root: check.root, key, sentKey, gatewayKey };
}

/** How long the question without a key waits for an answer. */
const KEYLESS_TIMEOUT_MS = 3000;

/** Each round's keyless answers, by address. */
const keylessAsked = new WeakMap<CheckOptions, Map<string, ReturnType<GatewayClient['askWithoutKey']>>>();

/**
 * A config with no key, for an address where no new-api gateway answers (asked without a key): a
 * local model server that lists its models to anyone (Ollama, LM Studio), or a provider's own
 * service. Not set up for a gateway, so a note, as a Claude Code on Anthropic's own service is.
 * Asked only when nothing says the agent should use the gateway (not set up by us, not asked
 * about, not pointing at the gateway given); an address that does not answer stays a missing key.
 */
async function keylessServer(agent: Agent<AgentId>, opts: CheckOptions, check: AgentCheck, request: AgentRequest): Promise<boolean> {
  if (opts.scope !== 'user' || opts.intended?.has(agent.id) || check.root === undefined) return false;
  if (opts.trustedOrigin !== undefined && originOf(request.url) === opts.trustedOrigin) return false;
  const asked = keylessAsked.get(opts) ?? new Map<string, ReturnType<GatewayClient['askWithoutKey']>>();
  keylessAsked.set(opts, asked);
  const root = check.root;
  // Asked once per address in a round: agents on one local server share the answer. A short
  // question: an address that keeps quiet leaves the missing key as it was, a few seconds later at most.
  const timeoutMs = Math.min(opts.http.timeoutMs ?? KEYLESS_TIMEOUT_MS, KEYLESS_TIMEOUT_MS);
  if (!asked.has(root))
    asked.set(
      root,
      gatewayClient().then((c) => c.askWithoutKey({ ...opts.http, timeoutMs, root })),
    );
  const answer = await asked.get(root);
  if (answer === undefined || answer === 'gateway') return false;
  const said = { agent: agent.name, url: request.baseUrl, file: request.file };
  check.notGateway = msg(answer === 'lists' ? 'doctor.keyless_server' : 'doctor.not_new_api', said);
  return true;
}

/**
 * The agent takes the key from a shell export while its file holds another one: the export wins,
 * said once; the rest is then checked with the key the file holds (what the agent sends once the
 * export is gone), and a repair keeps that key in the file. A file value the agent itself expands
 * (Qwen Code's `${NAME}`) is the user's setup, not a key the export overrides. Returns the key to check with.
 */
function exportOverride(
  agent: Agent<AgentId>,
  check: AgentCheck,
  request: AgentRequest,
  current: CurrentFiles,
  key: string | undefined,
): string | undefined {
  const exported = request.keyVar?.via === 'export' ? request.keyVar.name : undefined;
  if (!exported || !key) return key;
  const inFile = [...current.values()].map((doc) => findString(doc, exported)).find((v) => v !== undefined);
  if (inFile === undefined || inFile === '' || inFile === key || evaluatedAs(agent, 'key', inFile) !== undefined) return key;
  check.findings.push({
    code: 'env_override',
    message: msg('doctor.env_override', { var: exported, file: request.file, agent: agent.name }),
    fix: msg('doctor.env_override_fix', { var: exported }),
  });
  agentKeys.set(check, inFile);
  agentKeyVars.set(check, { name: exported, via: 'named' });
  return inFile;
}

/** A key that is one variable reference and nothing else, in any agent's syntax. */
const WHOLE_REFERENCE = /^\s*(?:\{\s*(?:env|file)\s*:[^}]{1,80}\}|\$\{?[A-Za-z_][A-Za-z0-9_]{0,80}\}?|\$\{\{[^}]{1,80}\}\})\s*$/;

/**
 * A key that is a reference in another agent's syntax (OpenCode's `{env:NAME}` in OpenClaw's file):
 * this agent sends that text as the key. A key that merely holds such characters is a key.
 */
function foreignKeySyntax(agent: Agent<AgentId>, check: AgentCheck, request: AgentRequest, sent: string | undefined): void {
  if (sent === undefined || !WHOLE_REFERENCE.test(sent)) return;
  const foreign = foreignReference(agent, sent);
  if (foreign === undefined) return;
  check.findings.push({
    code: 'config_invalid',
    message: msg('doctor.foreign_reference', {
      agent: agent.name,
      file: request.file,
      // It names a variable: it is no key, and is shown as written.
      value: sent.trim(),
      syntax: msg('doctor.foreign_syntax', { example: foreign.example, agent: agent.name }),
    }),
    fix: msg('doctor.foreign_reference_fix', { agent: agent.name, bin: BIN, id: agent.id }),
  });
}

/** The model list the key sees, each model the config names against it, and the requests the agent sends. */
async function modelChecks(
  agent: Agent<AgentId>,
  opts: CheckOptions,
  models: ReturnType<typeof modelListCache>,
  check: AgentCheck,
  read: ConfigRead,
  keys: CheckKeys,
): Promise<void> {
  const { env, request } = read;
  const files = { current: read.current };
  const { root, key, gatewayKey } = keys;
  // The key this agent really sends decides what its model list is; another agent's key (the one
  // in GATEWAY_API_KEY now) may see another group's models. A gateway key goes only to the gateway
  // it was given for, never to a host a config names.
  const listKey = key || (opts.trustedOrigin !== undefined && originOf(root) === opts.trustedOrigin ? gatewayKey : undefined);
  const list = listKey ? await models(root, listKey, opts) : undefined;
  if (list && !Array.isArray(list) && list.code !== 'wrong_path' && list.code !== 'not_api') {
    // A wrong base URL shows again in the agent's own request below; other list failures are news.
    check.findings.push(fromDiagnosis(list));
  }
  const listed = Array.isArray(list) ? list : undefined;
  const modelFinding =
    listed &&
    judgeModel(
      agent,
      request,
      listed,
      request.modelDefault
        ? msg('doctor.default_model_label', { model: request.model, why: request.modelDefault })
        : msg('doctor.model_label', { model: request.model, file: request.file }),
    );
  if (listed && !modelFinding) check.usableModel = request.model;
  if (listed && modelFinding && (await import('../setup/choose.js')).suitableModels(agent, listed).length === 0) lacking.set(check, listed);
  const smallOrWhy = smallModelRequest(agent, env, opts.scope, files.current, request);
  if (isMessage(smallOrWhy)) check.findings.push({ code: 'config_invalid', message: smallOrWhy, fix: fixHint() });
  const small = isMessage(smallOrWhy) ? undefined : smallOrWhy;
  const smallLabel = small && msg('doctor.small_label', { model: small.request.model, setting: small.setting, file: small.request.file });
  const smallFinding = small && smallLabel && listed ? judgeModel(agent, small.request, listed, smallLabel) : undefined;
  if (small && listed && !smallFinding) check.usableSmallModel = small.request.model;
  let mainPassed = false;
  if (key !== undefined && key !== '') {
    const result = await send(opts, root, asConfigured(request), key);
    mainPassed = result.ok;
    if (result.ok) check.passedRequestId = result.requestId;
    if (!result.ok && result.diagnosis) {
      // When the model is the cause, the request's failure is its evidence, not a second finding;
      // a path that is not the API (a doubled /v1) fails whatever the model, and is named too.
      if (modelFinding && !PATH_CODES.has(result.diagnosis.code)) modelFinding.requestId ??= result.requestId;
      // The same cause the model list already met (the key refused): one finding per cause.
      else if (!check.findings.some((f) => f.code === result.diagnosis?.code)) check.findings.push(fromDiagnosis(result.diagnosis));
    }
    // The background request too, once the main one passed (else it fails for the same reason) or
    // as the evidence for a finding about the small model.
    if (small && smallLabel && (result.ok || smallFinding)) {
      const smallRequest = asConfigured(small.request);
      const smallResult = await send(opts, root, smallRequest, smallRequest.key ?? key);
      if (!smallResult.ok && smallResult.diagnosis) {
        if (smallFinding) smallFinding.requestId ??= smallResult.requestId;
        else
          check.findings.push({
            ...fromDiagnosis(smallResult.diagnosis),
            message: msg('doctor.labelled', { label: smallLabel, message: smallResult.diagnosis.message }),
          });
      }
    }
  }
  if (smallFinding) check.findings.push(smallFinding);
  if (modelFinding) check.findings.push(modelFinding);
  const judged = new Set([request.model, ...(small ? [small.request.model] : [])]);
  if (listed || mainPassed) await switchedModelChecks(agent, opts, check, read, { root, key, listed, mainPassed, judged });
}

/**
 * The models the user switches to inside the agent: Claude Code's tiers (opus, fable) and a
 * list-keeping agent's models (OpenCode, Kilo). A model judged already (the main or small one, or an
 * earlier tier: fable standing in as opus) is not judged twice.
 */
async function switchedModelChecks(
  agent: Agent<AgentId>,
  opts: CheckOptions,
  check: AgentCheck,
  read: ConfigRead,
  done: { root: string; key: string | undefined; listed: readonly ClassifiedModel[] | undefined; mainPassed: boolean; judged: Set<string> },
): Promise<void> {
  const { env, request, current } = read;
  const { root, key, listed, mainPassed, judged } = done;
  for (const [tier, model] of Object.entries(request.tiers ?? {})) {
    if (!listed || judged.has(model)) continue;
    judged.add(model);
    const label = msg('doctor.tier_label', { tier, model, file: request.file });
    const finding = judgeModel(agent, { ...request, model }, listed, label);
    if (finding) {
      check.findings.push(finding);
      continue;
    }
    // Listed and suited: the request the agent sends once switched to the tier, as for the main
    // model (a tier whose channel fails breaks `/model opus` while everything else passes).
    if (!mainPassed || key === undefined || key === '') continue;
    const tierResult = await send(opts, root, asConfigured({ ...request, model }), key);
    if (!tierResult.ok && tierResult.diagnosis) {
      check.findings.push({
        ...fromDiagnosis(tierResult.diagnosis),
        message: msg('doctor.labelled', { label, message: tierResult.diagnosis.message }),
      });
    }
  }
  // The models a list-keeping agent switches between (OpenCode, Kilo): each answers in its protocol
  // with the agent's key, as setup and sync probed it; one that fails now is named with its request ID.
  const others = (agent.listedModels?.(env, opts.scope, current) ?? []).filter((m) => !judged.has(m.model));
  if (mainPassed && key !== undefined && key !== '' && others.length > 0) {
    const results = await (
      await gatewayClient()
    ).probeMany(
      { ...opts.http, root, key, markers: opts.markers },
      others.map((m) => ({ protocol: m.protocol, model: m.model })),
    );
    results.forEach((r, i) => {
      if (r.ok || !r.diagnosis) return;
      const label = msg('doctor.listed_label', { model: others[i]!.model, file: request.file });
      check.findings.push({ ...fromDiagnosis(r.diagnosis), message: msg('doctor.labelled', { label, message: r.diagnosis.message }) });
    });
  }
}

/** The model against the key's list and the protocol the config really uses; a finding, or undefined when it suits. */
function judgeModel(
  agent: Agent,
  request: Omit<AgentRequest, 'key'>,
  list: readonly ClassifiedModel[],
  label: Message,
): Finding | undefined {
  const model = list.find((m) => m.id === request.model);
  if (!model) {
    return {
      code: 'model_not_listed',
      message: msg('doctor.not_listed', { label }),
      fix: msg('doctor.not_listed_fix', { fix: fixHint() }),
    };
  }
  const fit = agent.fit(model);
  // Judged by the protocol the config really uses, not the one we would have picked.
  if (!fit.ok || model.protocols[request.protocol] === 'no') {
    return {
      code: 'wrong_protocol',
      message: msg('doctor.cannot_serve', {
        label,
        agent: agent.name,
        protocol: request.protocol,
        reason: !fit.ok ? fit.reason : msg('doctor.marks_exclude', { marks: commas(model.marks ?? []), protocol: request.protocol }),
      }),
      fix: msg('doctor.pick_marked', { protocol: request.protocol, fix: fixHint() }),
    };
  }
  return undefined;
}

/** The request as the config makes it, without a shell export that replaces its key. */
function asConfigured(request: AgentRequest): AgentRequest {
  const o = request.overridden;
  return o ? { ...request, key: o.configKey, auth: o.configAuth, keySource: o.configSource, overridden: undefined } : request;
}

type GatewayClient = typeof import('../gateway/client.js');
const gatewayClient = (): Promise<GatewayClient> => import('../gateway/client.js');

/** The minimal request, sent exactly as the agent would send it. */
async function send(opts: CheckOptions, root: string, request: AgentRequest, key: string): ReturnType<GatewayClient['probe']> {
  return (await gatewayClient()).probe(
    { ...opts.http, root, key, markers: opts.markers },
    {
      protocol: request.protocol,
      model: request.model,
      url: request.url,
      auth: request.auth,
      key,
    },
  );
}
