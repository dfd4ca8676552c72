import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Events } from '../../src/modules/events/events.module.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import {
  addConnection,
  queueCheckEvents,
  seedCheck,
  sendHistory,
  startNotifications,
  waitUntil,
} from './notifications-harness.ts';
import { startReceiver, type Receiver } from './receiver.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let hook: Receiver;
let events: Events | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  hook = await startReceiver();
});
afterAll(async () => {
  await events?.stop();
  await Promise.all([smtp.close(), hook.close()]);
  await database.drop();
});

async function person(name: string, email: string): Promise<string> {
  const created = await database.db.pool.query<{ id: string }>(
    `insert into people (name, email) values ($1, $2) returning id`,
    [name, email],
  );
  return created.rows[0]?.id ?? '';
}

it('mails a person, and a team’s members plus the channels its spec lists', async () => {
  const db = database.db;
  await addConnection(db, 'smtp', 'email', `smtp://127.0.0.1:${smtp.port}`, {
    from: 'vigil@example.org',
    encryption: 'None',
  });
  const teamHook = await addConnection(db, 'team-hook', 'mattermost', hook.url);
  const alice = await person('Alice', 'alice@example.org');
  const bob = await person('Bob', 'bob@example.org');
  const carol = await person('Carol', 'carol@example.org');
  const team = await db.pool.query<{ id: string }>(
    `insert into teams (name, spec) values ('sre', $1) returning id`,
    [JSON.stringify({ notifications: [{ connection: teamHook }] })],
  );
  const teamId = team.rows[0]?.id ?? '';
  await db.pool.query(`insert into team_members (team_id, person_id) values ($1, $2), ($1, $3)`, [
    teamId,
    bob,
    carol,
  ]);
  const rules = await db.pool.query<{ id: string }>(
    `insert into notifications (title, events, template, person_id, team_id)
     values ('To Alice', '{check.failed}', 'Dear Alice: {{ .check.name }}', $1, null),
            ('To SRE', '{check.failed}', 'Team: {{ .check.name }}', null, $2)
     returning id`,
    [alice, teamId],
  );
  const checkId = await seedCheck(db, 'mail');
  events = startNotifications(db);
  await queueCheckEvents(db, 'check.failed', checkId, 1);
  await waitUntil(async () => smtp.mails.length >= 3 && hook.received.length >= 1);
  const byRecipient = smtp.mails.map((m) => m.to.join()).sort();
  expect(byRecipient).toEqual(['alice@example.org', 'bob@example.org', 'carol@example.org']);
  const aliceMail = smtp.mails.find((m) => m.to.includes('alice@example.org'));
  expect(aliceMail?.data).toContain('Subject: To Alice');
  expect(aliceMail?.data).toContain('Dear Alice: mail');
  expect(JSON.parse(hook.received[0]?.body ?? '{}')).toEqual({ text: '#### To SRE\nTeam: mail' });
  const teamRule = rules.rows[1]?.id ?? '';
  await waitUntil(async () => (await sendHistory(db, teamRule)).length === 3);
  expect((await sendHistory(db, teamRule)).map((h) => h.recipient).sort()).toEqual(
    ['email:bob@example.org', 'email:carol@example.org', teamHook].sort(),
  );
});
