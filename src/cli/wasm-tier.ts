// undici parses HTTP with llhttp, compiled to WebAssembly. V8 compiles it at once with its
// baseline compiler (Liftoff) and, when the parser runs hot, again with TurboFan on a background
// thread: 50–60 ms of a core on the project's machine for llhttp's one huge function, which Node
// then waits for before the process may end — after every command that spoke to a gateway, more
// than the rest of a `models` or a `verify` took. A command is over before TurboFan's code would pay
// for itself, so from undici's first connection (its modules, and Node's that they load, loaded
// by then) the command line keeps WebAssembly on Liftoff (V8's `--liftoff-only`). The process is
// ours: the library never does this.
//
// V8 takes a code cache only when it was made under the flags V8 runs with (Node's own modules
// too: one loaded after the flag is compiled from its source): our parts are compiled from their
// caches, and their caches made, with V8's defaults given back for that moment, so every cache is
// made and taken under the same flags. Giving them back exactly takes knowing what
// `--liftoff-only` implies on that V8: measured on V8 11.3 (Node 20) and 12.4 (Node 22: 102 → 61 ms
// for a `models --json`); on V8 13.6 (Node 24) the flag set while running changed nothing
// measurable. Elsewhere the process keeps V8's own tiering.
const V8_MEASURED = ['11.3.', '12.4.'];
const BASELINE = '--liftoff-only';
const DEFAULTS = '--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering';
/** undici's diagnostics channel for a connection about to be made (before it compiles its parser). */
const BEFORE_CONNECT = 'undici:client:beforeConnect';

export interface WasmTier {
  /** Keeps WebAssembly on V8's baseline compiler from undici's first connection on; returns what stops waiting for it. */
  arm(): () => void;
  /** Runs `fn` (a compile from a code cache, or the making of one) under V8's default flags. */
  withDefaults<T>(fn: () => T): T;
}

const UNTOUCHED: WasmTier = { arm: () => () => undefined, withDefaults: (fn) => fn() };

export interface TierFacts {
  /** V8's version (`process.versions.v8`). */
  v8: string;
  /** The flags Node was started with: its own arguments and NODE_OPTIONS. */
  flags: readonly string[];
}

export function wasmTier({
  v8 = process.versions.v8,
  flags = [...process.execArgv, process.env['NODE_OPTIONS'] ?? ''],
}: Partial<TierFacts> = {}): WasmTier {
  if (!V8_MEASURED.some((v) => v8.startsWith(v))) return UNTOUCHED;
  // Someone who set V8's WebAssembly flags keeps them (and the defaults given back would not be theirs).
  if (flags.some((f) => /--(no-)?(liftoff|wasm)/.test(f))) return UNTOUCHED;
  let on = false;
  // node:v8 loads Node's stream modules: asked for only at a connection, when net has loaded them.
  const setFlags = (flags: string): void => process.getBuiltinModule('node:v8').setFlagsFromString(flags);
  return {
    arm() {
      const channels = process.getBuiltinModule('node:diagnostics_channel');
      const first = (): void => {
        channels.unsubscribe(BEFORE_CONNECT, first);
        setFlags(BASELINE);
        on = true;
      };
      channels.subscribe(BEFORE_CONNECT, first);
      return () => void channels.unsubscribe(BEFORE_CONNECT, first);
    },
    withDefaults(fn) {
      if (!on) return fn();
      setFlags(DEFAULTS);
      try {
        return fn();
      } finally {
        setFlags(BASELINE);
      }
    },
  };
}
