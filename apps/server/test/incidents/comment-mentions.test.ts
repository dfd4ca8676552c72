import { mentionMarkup } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createConnectionResolver } from '../../src/modules/connections/connection-resolver.ts';
import { mentionConsumer } from '../../src/modules/incidents/comments/mention-notices.ts';
import { sendThroughConnection } from '../../src/modules/notifications/index.ts';
import { createSealer } from '../../src/platform/crypto.ts';
import { startEvents } from '../events/events-harness.ts';
import { eventually } from '../health/health-harness.ts';
import { startSmtpReceiver } from '../notifications/smtp-receiver.ts';
import { messageOf, testPersonId, useIncidentsApp } from './incidents-harness.ts';

const ctx = useIncidentsApp();
const jane = '00000000-0000-0000-0000-0000000000b1';
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  const db = ctx.app().database.db;
  await db.pool.query(
    `insert into people (id, name, email) values ($1, 'Jane Ops', 'jane@example.com')`,
    [jane],
  );
  await db.pool.query(
    `insert into connections (name, namespace, type, url, properties)
     values ('smtp', 'default', 'email', $1, '{"from":"vigil@example.com"}')`,
    [`smtp://127.0.0.1:${smtp.port}`],
  );
});
afterAll(() => smtp.close());

function consumer() {
  const db = ctx.app().database.db;
  return mentionConsumer({
    db,
    connections: createConnectionResolver(db, createSealer('any-key-'.repeat(4))),
    notify: sendThroughConnection,
    emailConnection: 'connection://default/smtp',
    publicUrl: 'https://vigil.example.com/',
  });
}

describe('a comment that mentions a person mails them', () => {
  it('mails the mentioned person once, not the author who mentions themself', async () => {
    const { id } = await ctx.incident('Payments down');
    const comment = `${mentionMarkup('Jane Ops', jane)} can you check the queue? cc ${mentionMarkup('Test Commander', testPersonId)}`;
    const answer = await ctx.as('responder', 'POST', '/api/db/comments', {
      incident_id: id,
      comment,
    });
    expect(answer.status).toBe(201);
    expect(await ctx.count('event_queue', `name = 'incident.comment.mentioned'`)).toBe(1);
    const events = startEvents(ctx.app().database.db, [consumer()]);
    events.start();
    try {
      await eventually(async () => smtp.mails[0]);
    } finally {
      await events.stop();
    }
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0];
    expect(mail?.to).toEqual(['jane@example.com']);
    const [incident] = await ctx.query(
      z.object({ incident_id: z.string() }),
      'select incident_id from incidents where id = $1',
      [id],
    );
    const data = (mail?.data ?? '').replace(/=\r?\n/g, '');
    expect(data).toContain(
      `Subject: Test Commander mentioned you in ${incident?.incident_id}: Payments down`,
    );
    expect(data).toContain('@Jane Ops can you check the queue? cc @Test Commander');
    expect(data).toContain(`https://vigil.example.com/incidents/${id}`);
  });

  it('refuses a mention of an unknown person and queues nothing', async () => {
    const { id } = await ctx.incident();
    const before = [await ctx.count('comments'), await ctx.count('event_queue')];
    const stranger = '00000000-0000-0000-0000-0000000000ff';
    const answer = await ctx.as('responder', 'POST', '/api/db/comments', {
      incident_id: id,
      comment: `${mentionMarkup('Nobody', stranger)} hello`,
    });
    expect(answer.status).toBe(400);
    expect(messageOf(answer.json)).toBe(`comment: mentions an unknown user ${stranger}`);
    expect([await ctx.count('comments'), await ctx.count('event_queue')]).toEqual(before);
  });
});
