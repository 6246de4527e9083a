// What the gateway tier needs from the registries, made ready before the tests run offline:
// each pinned new-api release (Go module proxy) and the pinned agents (npm, PyPI, the Go module proxy), each
// cached by version.
import { ensureAgent, FLOOR_IDS, FLOORS, PINNED, type PinnedId } from '../agents/install.js';
import { ensureNewApi, ensureOneApi, NEW_API_RELEASES, ONE_API, type NewApiRelease } from './new-api.js';

/** Every release the tier runs its suite on, oldest first. */
export const releases = Object.keys(NEW_API_RELEASES) as NewApiRelease[];

export async function prepare(say: (line: string) => void): Promise<void> {
  for (const version of releases) {
    const started = Date.now();
    const binary = await ensureNewApi(version);
    say(`new-api ${version} ready (${binary}) in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const started = Date.now();
  const { binary } = await ensureOneApi();
  say(`one-api ${ONE_API.version} ready (${binary}) in ${Math.round((Date.now() - started) / 1000)} s`);
  // Sequential: several installs at once on two cores only make each slower.
  for (const id of Object.keys(PINNED) as PinnedId[]) {
    const t = Date.now();
    await ensureAgent(id);
    const seconds = Math.round((Date.now() - t) / 1000);
    if (seconds > 1) say(`${PINNED[id].from} ${PINNED[id].pkg}@${PINNED[id].version} installed in ${seconds} s`);
  }
  for (const id of FLOOR_IDS) await ensureAgent(id, 'floor');
  say(`agents ready: ${[...Object.values(PINNED), ...Object.values(FLOORS)].map((a) => `${a.pkg}@${a.version} (${a.from})`).join(', ')}`);
}
