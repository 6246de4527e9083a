// Request IDs as new-api makes them (middleware/request-id.go): the UTC time to the second, the
// nanoseconds (not zero-padded, so the length varies), then 8 random letters and digits. Clients
// must treat them as opaque; a counter in the nanoseconds keeps them unique within a process.
import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
let counter = 0;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function newRequestId(now = new Date()): string {
  counter = (counter + 1) % 1000;
  const stamp =
    `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}` +
    `${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  const nanos = now.getUTCMilliseconds() * 1_000_000 + (process.hrtime()[1] % 1000) * 1000 + counter;
  const tail = [...randomBytes(8)].map((b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
  return `${stamp}${nanos}${tail}`;
}
