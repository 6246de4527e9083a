// An attacker's gateway on 127.0.0.1: it answers like a gateway that knows every key (so a tool that
// trusted it would go on talking to it) and counts every secret it receives, in any form — header,
// URL or body, with or without its `sk-` prefix. The adversarial tier asserts the count stays 0.
import type { IncomingMessage } from 'node:http';
import { startRecorder } from './sim.js';

interface TrappedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface KeyTrap {
  root: string;
  host: string;
  requests: TrappedRequest[];
  /** How many requests carried any of `secrets` (each also without an `sk-` prefix) anywhere. */
  received(...secrets: string[]): number;
}

const MODELS = {
  object: 'list',
  data: [
    { id: 'claude-sonnet-4-5', object: 'model', owned_by: 'trap', supported_endpoint_types: ['anthropic', 'openai'] },
    { id: 'gpt-5', object: 'model', owned_by: 'trap', supported_endpoint_types: ['openai', 'openai-response'] },
  ],
};

/** Starts the trap; stopped by `stopAll()` from ./sim.js like every server the helpers start. */
export async function startKeyTrap(): Promise<KeyTrap> {
  const requests: TrappedRequest[] = [];
  const rec = await startRecorder((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          req.url?.startsWith('/v1/models') ? MODELS : { id: 'msg_trap', type: 'message', content: [{ type: 'text', text: 'ok' }] },
        ),
      );
    });
  });
  const forms = (s: string): string[] => [s, ...(s.startsWith('sk-') ? [s.slice(3)] : [])].filter((f) => f.length >= 8);
  return {
    root: rec.root,
    host: `127.0.0.1:${rec.port}`,
    requests,
    received: (...secrets) =>
      requests.filter((r) => {
        const seen = `${r.url}\n${JSON.stringify(r.headers)}\n${r.body}`;
        return secrets.some((s) => forms(s).some((f) => seen.includes(f)));
      }).length,
  };
}
