// The command a next step names, from how the tool was started (src/cli/invocation.ts).
import { describe, expect, it } from 'vitest';
import { againArgs, invocation, type InvocationFacts } from '../../src/cli/invocation.js';

const facts = (over: Partial<InvocationFacts>): InvocationFacts => ({
  env: {},
  cwd: '/home/dev/gateway-agent-setup',
  platform: 'linux',
  onPath: false,
  ...over,
});

describe('invocation', () => {
  it.each<[string, Partial<InvocationFacts>, string]>([
    [
      'npx (npm sets npm_command=exec)',
      { env: { npm_command: 'exec' }, script: '/home/dev/.npm/_npx/1a2b/node_modules/.bin/gateway-agent-setup' },
      'npx gateway-agent-setup',
    ],
    [
      "npx's cache, whatever the environment",
      { script: '/home/dev/.npm/_npx/1a2b/node_modules/gateway-agent-setup/bin/gateway-agent-setup.cjs' },
      'npx gateway-agent-setup',
    ],
    [
      'a global install, on PATH',
      { script: '/usr/lib/node_modules/gateway-agent-setup/bin/gateway-agent-setup.cjs', onPath: true },
      'gateway-agent-setup',
    ],
    [
      "a project's node_modules, not on PATH",
      { script: '/home/dev/app/node_modules/gateway-agent-setup/bin/gateway-agent-setup.cjs' },
      'npx gateway-agent-setup',
    ],
    ['a clone, from its root', { script: '/home/dev/gateway-agent-setup/bin/gateway-agent-setup.cjs' }, 'node bin/gateway-agent-setup.cjs'],
    [
      'a clone, from elsewhere',
      { script: '/home/dev/gateway-agent-setup/bin/gateway-agent-setup.cjs', cwd: '/tmp' },
      'node /home/dev/gateway-agent-setup/bin/gateway-agent-setup.cjs',
    ],
    [
      'a clone in a path with a space',
      { script: '/home/dev/my tools/bin/gateway-agent-setup.cjs', cwd: '/tmp' },
      'node "/home/dev/my tools/bin/gateway-agent-setup.cjs"',
    ],
    [
      'a clone on Windows',
      { script: 'C:\\src\\gas\\bin\\gateway-agent-setup.cjs', cwd: 'C:\\src\\gas', platform: 'win32' },
      'node bin\\gateway-agent-setup.cjs',
    ],
    [
      'a clone that is also linked (npm link)',
      { script: '/home/dev/gateway-agent-setup/bin/gateway-agent-setup.cjs', onPath: true },
      'gateway-agent-setup',
    ],
  ])('%s', (_name, over, expected) => {
    expect(invocation(facts(over))).toBe(expected);
  });
});

describe('againArgs', () => {
  it('leaves out a key given as --api-key, in either spelling, and quotes each word', () => {
    expect(againArgs(['models', '--api-key', 'sk-secret', '--base-url', 'http://a b'])).toEqual({
      args: "models --base-url 'http://a b'",
      keyLeftOut: true,
    });
    expect(againArgs(['models', '--api-key=sk-secret'])).toEqual({ args: 'models', keyLeftOut: true });
  });

  it("adds the failure's own arguments before those for the agent, even after a key left out last", () => {
    const added = ['--api-key-env', 'GATEWAY_API_KEY'];
    expect(againArgs(['launch', 'codex', '--', 'exec', 'hi'], added).args).toBe('launch codex --api-key-env GATEWAY_API_KEY -- exec hi');
    expect(againArgs(['sync', '--api-key'], added)).toEqual({ args: 'sync --api-key-env GATEWAY_API_KEY', keyLeftOut: true });
  });
});
