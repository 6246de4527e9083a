// Replaced at build time by esbuild (scripts/build.mjs) and at test time by vitest.config.ts.
declare const __VERSION__: string;
export const VERSION: string = __VERSION__;
export const USER_AGENT = `gateway-agent-setup/${VERSION}`;
