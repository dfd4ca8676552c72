import fs from 'node:fs';

/** Secrets seen during the run; tests/zz-security.spec.ts checks none of them leaked. */
export const secretsPath = 'e2e/.artifacts/secrets.jsonl';

export function recordSecret(kind: string, value: string): void {
  if (value.length < 6) throw new Error(`refusing to record a short ${kind}`);
  fs.mkdirSync('e2e/.artifacts', { recursive: true });
  fs.appendFileSync(secretsPath, `${JSON.stringify({ kind, value })}\n`);
}
