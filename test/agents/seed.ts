// What an online machine would already have in an agent's home, written before the real agent runs
// in the agents tiers, which are offline (the fixture's `offlineSeed`). Kept apart from install.ts,
// which the gateway tier's preparation bundles without the fixtures.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AgentId } from '../../src/agents/registry.js';
import { FIXTURES } from '../fixtures/agents/index.js';

export function seedHome(id: AgentId, home: string): void {
  for (const [rel, text] of Object.entries(FIXTURES.find((f) => f.id === id)?.offlineSeed ?? {})) {
    mkdirSync(dirname(join(home, rel)), { recursive: true });
    writeFileSync(join(home, rel), text);
  }
}
