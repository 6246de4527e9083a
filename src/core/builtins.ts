// Node's modules most commands never use, loaded on first use: `node:crypto` and `node:net` each cost
// a start 2–3 ms to load, and a doctor on a machine without agents hashes nothing and connects nowhere.

/** The SHA-256 of `data`, in hex. */
export function sha256Hex(data: string | Uint8Array): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(data).digest('hex');
}

/** `bytes` random bytes, in hex. */
export function randomHex(bytes: number): string {
  return process.getBuiltinModule('node:crypto').randomBytes(bytes).toString('hex');
}

/** 4 for an IPv4 address, 6 for IPv6, 0 for anything else (as `net.isIP`). */
export function ipVersion(text: string): number {
  return process.getBuiltinModule('node:net').isIP(text);
}
