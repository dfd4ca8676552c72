import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { randomToken, sha256 } from '../../platform/crypto.ts';

/** Marks agent tokens, so that secret scanners, people and the authenticator can tell them apart. */
export const agentTokenPrefix = 'vga_';

/** OWASP's argon2id baseline, as for passwords: 19 MiB, 2 passes, 1 lane (about 80 ms here). */
const argon2id = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const tokenPattern = /^vga_([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;

export interface AgentToken {
  /** The access_tokens row: a salted argon2 hash cannot be looked up, so the token names it. */
  readonly id: string;
  /** Shown once, on creation. */
  readonly value: string;
}

export function newAgentToken(): AgentToken {
  const id = randomUUID();
  return { id, value: `${agentTokenPrefix}${id.replaceAll('-', '')}.${randomToken(32)}` };
}

/** The access_tokens id a well-formed agent token names; undefined when it is malformed. */
export function agentTokenId(token: string): string | undefined {
  const hex = tokenPattern.exec(token)?.[1];
  if (hex === undefined) return undefined;
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

export function hashAgentToken(token: string): Promise<string> {
  return hash(token, argon2id);
}

export interface VerifiedTokenOptions {
  /** How long a token verified against a stored hash is trusted without argon2 again. */
  readonly ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  readonly maxEntries: number;
  readonly now?: () => number;
}

/**
 * Remembers which token matched which stored hash, so that an agent pushing every few seconds
 * pays argon2 once per ttl. Only the hash comparison is skipped: the caller still reads the
 * token's row on every request, so a revoked token or deleted agent is refused at once.
 */
export class VerifiedTokens {
  private readonly verified = new Map<string, { storedHash: string; at: number }>();
  private readonly pending = new Map<string, Promise<boolean>>();
  private readonly now: () => number;

  constructor(private readonly options: VerifiedTokenOptions) {
    this.now = options.now ?? Date.now;
  }

  async matches(token: string, storedHash: string): Promise<boolean> {
    const key = sha256(token);
    const known = this.verified.get(key);
    if (known && known.storedHash === storedHash && this.now() - known.at < this.options.ttlMs) {
      return true;
    }
    const inFlight = this.pending.get(`${key}:${storedHash}`);
    if (inFlight) return inFlight;
    const check = verify(storedHash, token)
      .catch(() => false)
      .then((ok) => {
        if (ok) this.remember(key, storedHash);
        return ok;
      })
      .finally(() => this.pending.delete(`${key}:${storedHash}`));
    this.pending.set(`${key}:${storedHash}`, check);
    return check;
  }

  get size(): number {
    return this.verified.size;
  }

  private remember(key: string, storedHash: string): void {
    this.verified.delete(key);
    this.verified.set(key, { storedHash, at: this.now() });
    while (this.verified.size > this.options.maxEntries) {
      const oldest = this.verified.keys().next();
      if (oldest.done === true) break;
      this.verified.delete(oldest.value);
    }
  }
}
