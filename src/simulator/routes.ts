// The route table of the simulated gateway: which handler answers a method and path, what the
// router does with near misses (gin's trailing-slash redirect) and with everything else.
import type { IncomingHttpHeaders } from 'node:http';
import { PROTOCOL_PATHS, type Protocol } from '../core/types.js';
import { extractKey, findKey } from './auth.js';
import { GROUP_RATIOS } from './catalog.js';
import { pricingReply, usageReply } from './console-api.js';
import { invalidUrl, tokenRefusal } from './errors.js';
import { gatewayLangOf, NEWEST_RELEASE, traitsOf } from './releases.js';
import { modelsListReply, retrieveModelReply } from './models-list.js';
import { keyRefusal, relay, type SimWorld } from './relay.js';
import type { Reply } from './reply.js';
import type { SimKey, SimModel, SimulatorOptions } from './types.js';

export type LiveOptions = SimulatorOptions & { models: SimModel[]; keys: SimKey[] };

export interface RouteInput {
  method: string;
  pathname: string;
  /** The path with its query string, as received. */
  rawPath: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | undefined | 'invalid';
  requestId: string;
  options: LiveOptions;
}

type Handler = (input: RouteInput) => Reply;

const RELAY_PROTOCOL_BY_PATH = new Map<string, Protocol>(
  (Object.entries(PROTOCOL_PATHS) as [Protocol, string][]).map(([protocol, path]) => [path, protocol]),
);

function relayHandler(protocol: Protocol): Handler {
  return (input) =>
    relay({
      protocol,
      pathname: input.pathname,
      headers: input.headers,
      body: input.body,
      requestId: input.requestId,
      models: input.options.models,
      keys: input.options.keys,
      world: worldOf(input),
    });
}

/** What the gateway is for this request: its release, the caller's language, group ratios and the groups users may choose. */
function worldOf(input: Pick<RouteInput, 'options' | 'headers'>): SimWorld {
  const groupRatios = input.options.groupRatios ?? GROUP_RATIOS;
  const traits = traitsOf(input.options.newApi ?? NEWEST_RELEASE);
  return {
    traits,
    lang: traits.localized ? gatewayLangOf(input.headers) : 'en',
    groupRatios,
    usableGroups: input.options.usableGroups ?? Object.keys(groupRatios),
  };
}

/** The models routes sit behind the same token auth as the relay. */
function withKey(input: RouteInput, then: (key: SimKey) => Reply): Reply {
  const key = findKey(input.options.keys, extractKey(input.headers, input.pathname).key);
  const world = worldOf(input);
  const refused = keyRefusal(key, world, input.requestId);
  if (refused || !key) return refused ?? tokenRefusal('unknown', world, input.requestId);
  return then(key);
}

const MODELS_ITEM = /^\/v1\/models\/([^/]+)$/;

function exactRoute(method: string, pathname: string, usagePath = USAGE_PATH): Handler | undefined {
  if (method === 'POST') {
    const protocol = RELAY_PROTOCOL_BY_PATH.get(pathname);
    return protocol ? relayHandler(protocol) : undefined;
  }
  if (method !== 'GET') return undefined;
  if (pathname === '/v1/models') {
    return (input) =>
      withKey(input, (key) =>
        modelsListReply(input.options.models, key, input.headers, input.options.omitMarks ?? false, worldOf(input).traits),
      );
  }
  const item = MODELS_ITEM.exec(pathname);
  if (item?.[1]) {
    const id = decodeURIComponent(item[1]);
    return (input) => withKey(input, () => retrieveModelReply(id));
  }
  if (pathname === '/api/pricing') return (input) => pricingReply(input.options, worldOf(input));
  if (pathname === usagePath) return (input) => usageReply(input.options.keys, input.headers, input.requestId, worldOf(input));
  return undefined;
}

/** Where new-api answers a key's usage. */
const USAGE_PATH = '/api/usage/token/';

/** gin's RedirectTrailingSlash: 301 for GET, 307 otherwise, to the path that does exist. */
function trailingSlashRedirect(input: RouteInput): Reply | undefined {
  const { method, pathname, rawPath } = input;
  if (pathname === '/') return undefined;
  const other = pathname.endsWith('/') ? pathname.slice(0, -1) : `${pathname}/`;
  if (!exactRoute(method, other, input.options.usagePath)) return undefined;
  const query = rawPath.slice(pathname.length);
  return { kind: 'empty', status: method === 'GET' ? 301 : 307, headers: { location: `${other}${query}` } };
}

/** new-api's NoRoute: an API-looking prefix gets the 404 JSON, anything else the console page. */
function isApiPrefix(pathname: string): boolean {
  return ['/v1', '/api', '/assets'].some((prefix) => pathname.startsWith(prefix));
}

export function route(input: RouteInput): Reply {
  const handler = exactRoute(input.method, input.pathname, input.options.usagePath);
  if (handler) return handler(input);
  const redirect = trailingSlashRedirect(input);
  if (redirect) return redirect;
  if (isApiPrefix(input.pathname)) return invalidUrl(input.method, input.pathname);
  return { kind: 'html', status: 200 };
}
