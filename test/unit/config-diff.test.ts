// renderDiff: what a dry run shows, with the key masked.
import { describe, expect, it } from 'vitest';
import { planFiles, renderDiff } from '../../src/config/index.js';
import { scene, KEY } from './config-helpers.js';

describe('renderDiff', () => {
  it('shows every changed file with real paths, /dev/null for new ones, and masks the key', async () => {
    const s = await scene();
    const plan = await planFiles(s.edits);
    const diff = renderDiff(plan, [KEY]);
    expect(diff).toContain(`--- a/${s.claude.slice(1)}\n+++ b/${s.claude.slice(1)}\n`);
    expect(diff).toContain(`--- /dev/null\n+++ b/${s.dotenv.slice(1)}\n`);
    expect(diff).toContain('+model_provider = "gateway"');
    expect(diff).toContain('-    "ANTHROPIC_BASE_URL": "https://old-relay.example.com/v1",');
    expect(diff).not.toContain(KEY);
    expect(diff).toContain('+GATEWAY_API_KEY=sk-gw…0123');
    expect(diff).toContain('"ANTHROPIC_AUTH_TOKEN": "sk-gw…0123"');
  });
});
