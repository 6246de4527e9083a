// Files written on Windows (CRLF line endings, often a BOM from Notepad) through the built bin:
// one per format — JSON, JSONC, TOML, dotenv — for every agent. Setup keeps CRLF on every line it
// touches and every line it does not, keeps the BOM, and a second run writes nothing.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { FIXTURES } from '../fixtures/agents/index.js';
import { jsonOf, runInProcess, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const windows = (text: string, bom: boolean): string => `${bom ? '\ufeff' : ''}${text.replace(/\r?\n/g, '\r\n')}`;

// Every agent with its fixtures (test/fixtures/agents/<id>/): its main file and the files users
// keep beside it (Codex's .env).
const CASES: { agent: string; files: Record<string, string> }[] = FIXTURES.map((f) => ({
  agent: f.id,
  files: { [f.main]: f.mainText, ...f.companions },
}));

const MATRIX = CASES.flatMap((c) => [true, false].map((bom) => ({ ...c, bom })));

describe.each(MATRIX)('$agent with CRLF files, BOM: $bom', ({ agent, files, bom }) => {
  it('keeps CRLF on every line and the BOM (or its absence); a second run writes nothing', async () => {
    const { dir: home, remove } = tempHome();
    try {
      for (const [rel, text] of Object.entries(files)) {
        mkdirSync(dirname(join(home, rel)), { recursive: true });
        writeFileSync(join(home, rel), windows(text, bom));
      }
      const env = { GATEWAY_API_KEY: DEMO_KEY };
      const first = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', agent], { home, env });
      expect(first.code, first.stderr).toBe(0);
      const report = jsonOf(first) as { agents: { files: { path: string; action: string }[] }[] };
      const written = report.agents[0]?.files.filter((f) => f.action !== 'unchanged').map((f) => f.path) ?? [];
      for (const rel of Object.keys(files)) expect(written).toContain(join(home, rel));
      for (const rel of Object.keys(files)) {
        const after = readFileSync(join(home, rel), 'utf8');
        expect(after.startsWith('\ufeff'), `${rel}: BOM as it was`).toBe(bom);
        expect(after.indexOf('\ufeff', 1), `${rel}: no BOM inside`).toBe(-1);
        // A file saved on one line without a final newline (OpenHands CLI's) has no line end to keep.
        expect(after.endsWith('\r\n'), `${rel} ends with CRLF`).toBe(files[rel]!.endsWith('\n'));
        expect(after.replace(/\r\n/g, ''), `${rel}: a bare LF`).not.toContain('\n');
        // Lines that were not ours are still there, byte for byte (CR included).
        const kept = files[rel]!.split('\n')
          .filter((l) => /^\s*(#|\/\/)/.test(l))
          .slice(0, 3);
        for (const line of kept) expect(after).toContain(`${line}\r\n`);
      }
      const firstTexts = Object.fromEntries(Object.keys(files).map((rel) => [rel, readFileSync(join(home, rel), 'utf8')]));
      const second = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', agent], { home, env });
      expect(second.code).toBe(0);
      expect((jsonOf(second) as { upToDate: boolean }).upToDate).toBe(true);
      for (const [rel, text] of Object.entries(firstTexts)) expect(readFileSync(join(home, rel), 'utf8'), `${rel} untouched`).toBe(text);
    } finally {
      remove();
    }
  });
});
