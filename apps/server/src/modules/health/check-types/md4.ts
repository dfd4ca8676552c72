/**
 * MD4 (RFC 1320), needed for the NTLM password hash: Node 20's OpenSSL 3 keeps MD4 in the
 * legacy provider, so `crypto.createHash('md4')` throws there.
 */
export function md4(input: Buffer): Buffer {
  const words = padded(input);
  const state = new Uint32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  for (let block = 0; block < words.length; block += 16) {
    compress(state, words.subarray(block, block + 16));
  }
  const out = Buffer.alloc(16);
  state.forEach((word, i) => out.writeUInt32LE(word, i * 4));
  return out;
}

/** The message, a 1 bit, zeros to 56 mod 64 bytes, then the bit length: as LE words. */
function padded(input: Buffer): Uint32Array {
  const length = Math.ceil((input.length + 9) / 64) * 64;
  const bytes = Buffer.alloc(length);
  input.copy(bytes);
  bytes[input.length] = 0x80;
  const bits = input.length * 8;
  bytes.writeUInt32LE(bits >>> 0, length - 8);
  bytes.writeUInt32LE(Math.floor(bits / 0x100000000), length - 4);
  const words = new Uint32Array(length / 4);
  for (let i = 0; i < words.length; i++) words[i] = bytes.readUInt32LE(i * 4);
  return words;
}

const rotl = (x: number, n: number): number => (x << n) | (x >>> (32 - n));
const f = (x: number, y: number, z: number): number => (x & y) | (~x & z);
const g = (x: number, y: number, z: number): number => (x & y) | (x & z) | (y & z);
const h = (x: number, y: number, z: number): number => x ^ y ^ z;

const round1 = [3, 7, 11, 19];
const round2 = [3, 5, 9, 13];
const round3 = [3, 9, 11, 15];
const order2 = [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15];
const order3 = [0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15];

function compress(state: Uint32Array, x: Uint32Array): void {
  const v = [state[0] ?? 0, state[1] ?? 0, state[2] ?? 0, state[3] ?? 0];
  const word = (i: number): number => x[i] ?? 0;
  const step = (
    fn: (a: number, b: number, c: number) => number,
    k: number,
    add: number,
    shift: number,
    i: number,
  ): void => {
    // Registers rotate a, d, c, b: step i writes register (4 - i % 4) % 4.
    const a = (4 - (i % 4)) % 4;
    const b = (a + 1) % 4;
    const c = (a + 2) % 4;
    const d = (a + 3) % 4;
    const sum = ((v[a] ?? 0) + fn(v[b] ?? 0, v[c] ?? 0, v[d] ?? 0) + word(k) + add) | 0;
    v[a] = rotl(sum, shift);
  };
  for (let i = 0; i < 16; i++) step(f, i, 0, round1[i % 4] ?? 0, i);
  for (let i = 0; i < 16; i++) step(g, order2[i] ?? 0, 0x5a827999, round2[i % 4] ?? 0, i);
  for (let i = 0; i < 16; i++) step(h, order3[i] ?? 0, 0x6ed9eba1, round3[i % 4] ?? 0, i);
  for (let i = 0; i < 4; i++) state[i] = ((state[i] ?? 0) + (v[i] ?? 0)) >>> 0;
}
