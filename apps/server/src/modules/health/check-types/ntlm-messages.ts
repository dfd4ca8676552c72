import crypto from 'node:crypto';
import { md4 } from './md4.ts';

/** NTLM messages (MS-NLMP): Type 1 negotiate, Type 2 challenge, Type 3 authenticate. */

const signature = Buffer.from('NTLMSSP\0', 'latin1');

export const flags = {
  unicode: 0x00000001,
  oem: 0x00000002,
  requestTarget: 0x00000004,
  ntlm: 0x00000200,
  alwaysSign: 0x00008000,
  extendedSessionSecurity: 0x00080000,
  targetInfo: 0x00800000,
  bits128: 0x20000000,
  bits56: 0x80000000,
} as const;

const negotiateFlags =
  flags.unicode |
  flags.oem |
  flags.requestTarget |
  flags.ntlm |
  flags.alwaysSign |
  flags.extendedSessionSecurity |
  flags.targetInfo |
  flags.bits128 |
  flags.bits56;

export interface NtlmChallenge {
  readonly flags: number;
  readonly serverChallenge: Buffer;
  readonly targetInfo: Buffer;
}

export interface NtlmCredentials {
  readonly username: string;
  readonly password: string;
  readonly domain: string;
  readonly workstation: string;
}

/** Type 1: which features we speak; no domain or workstation is sent in it. */
export function negotiateMessage(): Buffer {
  const message = Buffer.alloc(32);
  signature.copy(message, 0);
  message.writeUInt32LE(1, 8);
  message.writeUInt32LE(negotiateFlags >>> 0, 12);
  // Empty domain and workstation security buffers point at the end of the message.
  message.writeUInt32LE(32, 20);
  message.writeUInt32LE(32, 28);
  return message;
}

/** Reads a Type 2 message; throws when it is not one. */
export function parseChallenge(message: Buffer): NtlmChallenge {
  if (message.length < 32 || !message.subarray(0, 8).equals(signature)) {
    throw new Error('NTLM challenge is not an NTLMSSP message');
  }
  if (message.readUInt32LE(8) !== 2) throw new Error('NTLM answer is not a challenge (Type 2)');
  const challengeFlags = message.readUInt32LE(20);
  const serverChallenge = Buffer.from(message.subarray(24, 32));
  let targetInfo = Buffer.alloc(0);
  if (message.length >= 48 && (challengeFlags & flags.targetInfo) !== 0) {
    const length = message.readUInt16LE(40);
    const offset = message.readUInt32LE(44);
    if (offset + length > message.length) throw new Error('NTLM challenge target info is cut');
    targetInfo = Buffer.from(message.subarray(offset, offset + length));
  }
  return { flags: challengeFlags, serverChallenge, targetInfo };
}

/** NTOWFv2: HMAC-MD5 keyed with MD4(password) over UPPER(user) + domain, in UTF-16LE. */
export function ntlmv2Hash(username: string, password: string, domain: string): Buffer {
  const ntHash = md4(Buffer.from(password, 'utf16le'));
  return hmac(ntHash, Buffer.from(username.toUpperCase() + domain, 'utf16le'));
}

/** The NTLMv2 blob that the client signs with the server challenge. */
export function ntlmv2Blob(timestamp: Buffer, clientChallenge: Buffer, targetInfo: Buffer): Buffer {
  const head = Buffer.from([1, 1, 0, 0, 0, 0, 0, 0]);
  const zero = Buffer.alloc(4);
  return Buffer.concat([head, timestamp, clientChallenge, zero, targetInfo, zero]);
}

/** NTProofStr followed by the blob: the NT challenge response of NTLMv2. */
export function ntlmv2Response(hash: Buffer, serverChallenge: Buffer, blob: Buffer): Buffer {
  return Buffer.concat([hmac(hash, Buffer.concat([serverChallenge, blob])), blob]);
}

export function hmac(key: Buffer, data: Buffer): Buffer {
  return crypto.createHmac('md5', key).update(data).digest();
}

/** Type 3 with NTLMv2 and LMv2 responses. */
export function authenticateMessage(
  credentials: NtlmCredentials,
  challenge: NtlmChallenge,
  clientChallenge: Buffer = crypto.randomBytes(8),
  now: Date = new Date(),
): Buffer {
  const unicode = (challenge.flags & flags.unicode) !== 0;
  const encode = (text: string) => Buffer.from(text, unicode ? 'utf16le' : 'latin1');
  const hash = ntlmv2Hash(credentials.username, credentials.password, credentials.domain);
  const timestamp = serverTimestamp(challenge.targetInfo) ?? fileTime(now);
  const blob = ntlmv2Blob(timestamp, clientChallenge, challenge.targetInfo);
  const nt = ntlmv2Response(hash, challenge.serverChallenge, blob);
  const lm = Buffer.concat([
    hmac(hash, Buffer.concat([challenge.serverChallenge, clientChallenge])),
    clientChallenge,
  ]);
  const fields = [
    lm,
    nt,
    encode(credentials.domain),
    encode(credentials.username),
    encode(credentials.workstation),
    Buffer.alloc(0),
  ];
  const header = Buffer.alloc(64);
  signature.copy(header, 0);
  header.writeUInt32LE(3, 8);
  let offset = header.length;
  fields.forEach((field, i) => {
    header.writeUInt16LE(field.length, 12 + i * 8);
    header.writeUInt16LE(field.length, 14 + i * 8);
    header.writeUInt32LE(offset, 16 + i * 8);
    offset += field.length;
  });
  const answered = (negotiateFlags & challenge.flags) | (unicode ? flags.unicode : flags.oem);
  header.writeUInt32LE(answered >>> 0, 60);
  return Buffer.concat([header, ...fields]);
}

/** MsvAvTimestamp (AV pair 7) of the challenge: the client must reuse the server's time. */
function serverTimestamp(targetInfo: Buffer): Buffer | undefined {
  let offset = 0;
  while (offset + 4 <= targetInfo.length) {
    const id = targetInfo.readUInt16LE(offset);
    const length = targetInfo.readUInt16LE(offset + 2);
    if (id === 0) return undefined;
    if (id === 7 && length === 8) return Buffer.from(targetInfo.subarray(offset + 4, offset + 12));
    offset += 4 + length;
  }
  return undefined;
}

/** Windows FILETIME: 100 ns ticks since 1601-01-01, little-endian. */
function fileTime(date: Date): Buffer {
  const ticks = (BigInt(date.getTime()) + 11_644_473_600_000n) * 10_000n;
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(ticks);
  return out;
}
