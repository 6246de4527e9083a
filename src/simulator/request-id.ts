// Request IDs in new-api's current style: a local timestamp to the millisecond, then random
// characters. Clients must treat them as opaque; a counter guarantees uniqueness within a process.
import { randomBytes } from 'node:crypto';

let counter = 0;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

export function newRequestId(now = new Date()): string {
  counter = (counter + 1) % 0x10000;
  const stamp =
    `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}` +
    `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}${pad(now.getMilliseconds(), 3)}`;
  return `${stamp}${randomBytes(4).toString('hex')}${counter.toString(16).padStart(4, '0')}`;
}
