// Replaced at build time by esbuild (scripts/build.mjs) and at test time by vitest.config.ts.
declare const __VERSION__: string;
export const VERSION: string = __VERSION__;
export const USER_AGENT = `gateway-agent-setup/${VERSION}`;

/** The oldest Node this runs on: package.json's `engines` (undici 7 needs 20.18.1). */
export const NODE_MIN = '20.18.1';

/**
 * Whether Node `version` ("18.20.8", "v20.18.0") is older than NODE_MIN. Asked at every command's
 * start: the agents' `olderThan` (src/agents/versions.ts) would load semver there, and Node's own
 * versions are always three numbers.
 */
export function nodeTooOld(version: string): boolean {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const need = NODE_MIN.split('.').map(Number);
  for (let i = 0; i < need.length; i++) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (Number.isNaN(a)) return false;
    if (a !== b) return a < b;
  }
  return false;
}
