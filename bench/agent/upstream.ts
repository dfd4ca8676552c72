import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { serverNodeFlags } from '../../apps/server/src/platform/heap.ts';
import { findFreePort } from '../../apps/server/src/platform/ports.ts';
import { createDatabase } from '../../apps/server/src/platform/db.ts';
import { createAccessTokenService } from '../../apps/server/src/modules/identity/access-tokens/access-tokens.service.ts';
import { ensureServerBuild, serverMain } from '../../scripts/lib/prepare.mjs';
import { spawnNode, type Child } from '../health/children.ts';
import { repoRoot } from '../health/servers.ts';

export type Cleanups = Array<() => Promise<unknown>>;
const machinePostgres = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database on the machine's PostgreSQL, dropped by the cleanups. */
export async function benchDatabase(name: string, cleanups: Cleanups): Promise<string> {
  const admin = new pg.Client({ connectionString: machinePostgres });
  await admin.connect();
  admin.on('error', () => undefined);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(machinePostgres);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface Upstream {
  readonly server: Child;
  readonly baseUrl: string;
  /** A personal access token of an admin, for /api/agent/generate. */
  readonly adminToken: string;
}

/** `vigil serve` on `databaseUrl` (migrated on start), and an admin token to call it. */
export async function startUpstream(databaseUrl: string, cleanups: Cleanups): Promise<Upstream> {
  ensureServerBuild();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-bench-agent-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const port = await findFreePort();
  const server = spawnNode(
    [...profileFlags(), ...serverNodeFlags, ...extraNodeFlags(), serverMain, 'serve'],
    {
      DATABASE_URL: databaseUrl,
      VIGIL_DATA_DIR: dataDir,
      VIGIL_WEB_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    repoRoot,
  );
  cleanups.push(() => server.stop(40_000));
  await server.waitFor(/Vigil is running at/, 120_000);
  const db = createDatabase(databaseUrl, 2);
  try {
    const person = await db.pool.query(
      `insert into people (name, email) values ('Bench admin', 'bench-agent@example.com')
       returning id`,
    );
    const id = z.object({ id: z.string() }).parse(person.rows[0]).id;
    await db.pool.query(`insert into person_roles (person_id, role) values ($1, 'admin')`, [id]);
    const issued = await createAccessTokenService(db).issue({
      personId: id,
      name: 'bench',
      ttlSeconds: 3600,
      createdBy: null,
    });
    return { server, baseUrl: `http://127.0.0.1:${port}`, adminToken: issued.token };
  } finally {
    await db.close();
  }
}

/** BENCH_NODE_FLAGS="--max-semi-space-size=16": V8 flags after the server's own, to compare. */
function extraNodeFlags(): string[] {
  return (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter((flag) => flag !== '');
}

/** BENCH_CPU_PROF=<dir> profiles the upstream (written when it exits). */
function profileFlags(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

const generated = z.object({ id: z.string(), access_token: z.string() });

export async function generateAgent(
  upstream: Upstream,
  name: string,
): Promise<{ id: string; token: string }> {
  const response = await fetch(`${upstream.baseUrl}/api/agent/generate`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${upstream.adminToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name, properties: { bench: 'agents' } }),
  });
  if (response.status !== 201) throw new Error(`generate answered ${response.status}`);
  const body = generated.parse(await response.json());
  return { id: body.id, token: body.access_token };
}

export { serverMain as vigilMain };

/** Percentile of sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
