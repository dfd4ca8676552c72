import { randomFillSync } from 'node:crypto';

/**
 * A version 7 UUID (RFC 9562): 48 bits of Unix milliseconds, then random bits. Ids made here
 * sort by creation time like the database's gen_uuid_v7(), which keeps index inserts local.
 */
/** Random bytes are drawn 4 KiB at a time: a call per id cost more than the id itself. */
const pool = new Uint8Array(4096);
let used = pool.length;

export function uuid7(now: number = Date.now()): string {
  if (used + 16 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = pool.slice(used, used + 16);
  used += 16;
  let ms = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
