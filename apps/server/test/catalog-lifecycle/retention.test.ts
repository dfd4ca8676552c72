import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  retentionJobName,
  runCatalogRetention,
  runScraperRetention,
  type RetentionSettings,
} from '../../src/modules/catalog/retention/retention.service.ts';
import { listScrapers } from '../../src/modules/catalog/retention/retention.repository.ts';
import { ago, day, hour, now, useLifecycleDatabase } from './lifecycle-harness.ts';

const t = useLifecycleDatabase();
/** Tiny batches, so that every rule runs several transactions. */
const settings: RetentionSettings = { batchSize: 2, purgeAfterMs: 7 * day };

async function scraperRow(id: string) {
  const found = (await listScrapers(t.db.pool)).find((s) => s.id === id);
  if (!found) throw new Error(`scraper ${id} is not listed`);
  return found;
}

const itemState = async (id: string) => {
  const [row] = await t.query(`select deleted_at, delete_reason from config_items where id = $1`, [
    id,
  ]);
  return row === undefined
    ? 'purged'
    : z
        .object({ deleted_at: z.date().nullable(), delete_reason: z.string().nullable() })
        .parse(row);
};

describe('change retention', () => {
  it('keeps changes of a type younger than age and at most count per item, in batches', async () => {
    const scraper = await t.scraper({ changes: [{ name: 'Pulled', age: '7d', count: 3 }] });
    const other = await t.scraper({});
    const a = await t.item(scraper);
    const b = await t.item(scraper);
    const foreign = await t.item(other);
    for (const days of [1, 2, 3, 4, 5, 8, 9]) await t.change(a, 'Pulled', days * day);
    for (const days of [1, 10]) await t.change(b, 'Pulled', days * day);
    for (const days of [20, 30]) await t.change(a, 'Killing', days * day);
    for (const days of [20, 30]) await t.change(foreign, 'Pulled', days * day);

    const outcome = await runScraperRetention(t.db, await scraperRow(scraper), now, settings);

    expect(outcome.status).toBe('SUCCESS');
    expect(outcome.summary).toMatchObject({
      changes_deleted_by_age: 3,
      changes_deleted_by_count: 2,
    });
    const left = await t.query(
      `select config_id, change_type, round(extract(epoch from ($2::timestamptz - created_at)) / 86400)::int as days
       from config_changes where config_id = any($1::uuid[]) order by config_id, change_type, days`,
      [[a, b, foreign], new Date(now)],
    );
    expect(left).toEqual(
      [
        { config_id: a, change_type: 'Killing', days: 20 },
        { config_id: a, change_type: 'Killing', days: 30 },
        { config_id: a, change_type: 'Pulled', days: 1 },
        { config_id: a, change_type: 'Pulled', days: 2 },
        { config_id: a, change_type: 'Pulled', days: 3 },
        { config_id: b, change_type: 'Pulled', days: 1 },
        { config_id: foreign, change_type: 'Pulled', days: 20 },
        { config_id: foreign, change_type: 'Pulled', days: 30 },
      ].sort((x, y) => (x.config_id === y.config_id ? 0 : x.config_id < y.config_id ? -1 : 1)),
    );
    // The per-config change counters follow the deletions.
    const [summary] = await t.query(
      `select changes from config_item_summaries where config_id = $1`,
      [a],
    );
    expect(summary).toEqual({ changes: 5 });
  });
});

describe('stale items', () => {
  it('soft-deletes items unseen for staleItemAge (24h by default) after a successful scrape', async () => {
    const scraper = await t.scraper({});
    await t.scrapeRun(scraper, 'SUCCESS', 10 * 60_000);
    const stale = await t.item(scraper, { scrapedAgo: 25 * hour });
    const neverRecorded = await t.item(scraper, { createdAgo: 3 * day });
    const fresh = await t.item(scraper, { scrapedAgo: 23 * hour });
    const outcome = await runScraperRetention(t.db, await scraperRow(scraper), now, settings);
    expect(outcome.summary.items_stale).toBe(2);
    expect(await itemState(stale)).toEqual({ deleted_at: ago(0), delete_reason: 'STALE' });
    expect(await itemState(neverRecorded)).toEqual({ deleted_at: ago(0), delete_reason: 'STALE' });
    expect(await itemState(fresh)).toEqual({ deleted_at: null, delete_reason: null });
  });

  it('honours staleItemAge, and never deletes what the last scrape saw', async () => {
    const scraper = await t.scraper({ staleItemAge: '2h' });
    // The last successful scrape started 5 h ago and has not finished a new pass since.
    await t.scrapeRun(scraper, 'SUCCESS', 5 * hour);
    const seenByLastScrape = await t.item(scraper, { scrapedAgo: 4 * hour });
    const unseen = await t.item(scraper, { scrapedAgo: 6 * hour });
    const outcome = await runScraperRetention(t.db, await scraperRow(scraper), now, settings);
    expect(outcome.summary.items_stale).toBe(1);
    expect(await itemState(seenByLastScrape)).toMatchObject({ deleted_at: null });
    expect(await itemState(unseen)).toMatchObject({ delete_reason: 'STALE' });
  });

  it.each([
    ['FAILED', 'stale items: the last scrape ended FAILED'],
    ['WARNING', 'stale items: the last scrape ended WARNING'],
    [undefined, 'stale items: no finished scrape in job history'],
  ])('deletes nothing when the last scrape is %s', async (status, reason) => {
    const scraper = await t.scraper({ staleItemAge: '1h' });
    await t.scrapeRun(scraper, 'SUCCESS', 3 * day);
    if (status !== undefined) await t.scrapeRun(scraper, status, hour);
    else await t.query(`delete from job_history where resource_id = $1`, [scraper]);
    // A newer run still RUNNING does not count as finished.
    await t.scrapeRun(scraper, 'RUNNING', 60_000);
    const items = [];
    for (let i = 0; i < 5; i++) items.push(await t.item(scraper, { scrapedAgo: 2 * day }));
    const outcome = await runScraperRetention(t.db, await scraperRow(scraper), now, settings);
    expect(outcome.summary.items_stale).toBe(0);
    expect(outcome.skipped).toEqual([reason]);
    expect(
      await t.count(
        `select 1 from config_items where id = any($1::uuid[]) and deleted_at is null`,
        [items],
      ),
    ).toBe(5);
  });

  it('keeps every item when staleItemAge is keep', async () => {
    const scraper = await t.scraper({ staleItemAge: 'keep' });
    await t.scrapeRun(scraper, 'SUCCESS', hour);
    const old = await t.item(scraper, { scrapedAgo: 30 * day });
    const outcome = await runScraperRetention(t.db, await scraperRow(scraper), now, settings);
    expect(outcome.skipped).toEqual(['stale items: staleItemAge is keep']);
    expect(await itemState(old)).toMatchObject({ deleted_at: null });
  });
});

describe('type retention and the purge', () => {
  it('soft-deletes by createdAge/updatedAge and purges by deletedAge, per type', async () => {
    const scraper = await t.scraper({
      types: [
        { name: 'AWS::EC2::Instance', createdAge: '10d' },
        { name: 'Kubernetes::Event', deletedAge: '1d' },
      ],
      staleItemAge: 'keep',
    });
    const oldInstance = await t.item(scraper, { type: 'AWS::EC2::Instance', createdAgo: 11 * day });
    const newInstance = await t.item(scraper, { type: 'AWS::EC2::Instance', createdAgo: 9 * day });
    const event = await t.item(scraper, { type: 'Kubernetes::Event', deletedAgo: 2 * day });
    const pod = await t.item(scraper, { type: 'Kubernetes::Pod', deletedAgo: 2 * day });
    const outcome = await runScraperRetention(t.db, await scraperRow(scraper), now, settings);
    expect(outcome.summary).toMatchObject({ items_deleted_by_age: 1, items_purged: 1 });
    expect(await itemState(oldInstance)).toEqual({
      deleted_at: ago(0),
      delete_reason: 'RETENTION',
    });
    expect(await itemState(newInstance)).toMatchObject({ deleted_at: null });
    expect(await itemState(event)).toBe('purged');
    // Other types wait the default 7 days.
    expect(await itemState(pod)).toMatchObject({ deleted_at: ago(2 * day) });
  });

  it('purges items deleted over 7 days ago unless evidence, runs or components point at them', async () => {
    const scraper = await t.scraper({ staleItemAge: 'keep' });
    const plain = await t.item(scraper, { deletedAgo: 8 * day });
    const recent = await t.item(scraper, { deletedAgo: 6 * day });
    const withEvidence = await t.item(scraper, { deletedAgo: 8 * day });
    const withRun = await t.item(scraper, { deletedAgo: 8 * day });
    const withComponent = await t.item(scraper, { deletedAgo: 8 * day });
    const unowned = await t.item(null, { deletedAgo: 8 * day });
    const [incident] = await t.query(`insert into incidents (title) values ('x') returning id`);
    const [hypothesis] = await t.query(
      `insert into hypotheses (incident_id, title) values ($1, 'h') returning id`,
      [incident?.id],
    );
    await t.query(
      `insert into evidences (hypothesis_id, type, config_id) values ($1, 'config', $2)`,
      [hypothesis?.id, withEvidence],
    );
    const [playbook] = await t.query(
      `insert into playbooks (name, spec) values ('p', '{}') returning id`,
    );
    await t.query(`insert into playbook_runs (playbook_id, config_id) values ($1, $2)`, [
      playbook?.id,
      withRun,
    ]);
    const [component] = await t.query(`insert into components (name) values ('c') returning id`);
    await t.query(
      `insert into config_component_relationships (component_id, config_id) values ($1, $2)`,
      [component?.id, withComponent],
    );

    const result = await runCatalogRetention(t.db, now, settings);
    const mine = result.scrapers.find((s) => s.scraperId === scraper);
    expect(mine?.summary.items_purged).toBe(1);
    expect(result.unownedPurged).toBeGreaterThanOrEqual(1);
    expect(await itemState(plain)).toBe('purged');
    expect(await itemState(unowned)).toBe('purged');
    for (const kept of [recent, withEvidence, withRun, withComponent]) {
      expect(await itemState(kept)).not.toBe('purged');
    }
  });
});

describe('job history and bad specs', () => {
  it('records one run per scraper with its counts, and refuses a bad spec naming the field', async () => {
    const good = await t.scraper({ staleItemAge: '1h' }, 'good-scraper');
    await t.scrapeRun(good, 'SUCCESS', 0);
    const gone = await t.item(good, { scrapedAgo: 2 * hour });
    const bad = await t.scraper({ changes: [{ name: 'Pulled', age: 'ten days' }] }, 'bad-scraper');
    const badItem = await t.item(bad, { scrapedAgo: 30 * day });
    await t.scrapeRun(bad, 'SUCCESS', 0);
    await t.query(`delete from job_history where name = $1`, [retentionJobName]);

    await runCatalogRetention(t.db, now, settings);

    const runs = await t.query(
      `select resource_name, status, success_count, error_count, details from job_history
       where name = $1 and resource_id = any($2::text[]) order by resource_name`,
      [retentionJobName, [good, bad]],
    );
    expect(runs).toEqual([
      {
        resource_name: 'bad-scraper',
        status: 'FAILED',
        success_count: 0,
        error_count: 1,
        details: {
          summary: expect.any(Object),
          errors: ['spec.retention.changes.0.age: must be a duration such as 30m, 24h, 7d or 2w'],
        },
      },
      {
        resource_name: 'good-scraper',
        status: 'SUCCESS',
        success_count: 1,
        error_count: 0,
        details: {
          summary: {
            changes_deleted_by_age: 0,
            changes_deleted_by_count: 0,
            items_deleted_by_age: 0,
            items_stale: 1,
            items_purged: 0,
          },
        },
      },
    ]);
    expect(await itemState(gone)).toMatchObject({ delete_reason: 'STALE' });
    expect(await itemState(badItem)).toMatchObject({ deleted_at: null });
    // The retention's own runs never count as the scraper's last scrape.
    await runCatalogRetention(t.db, now, settings);
    expect(
      await t.count(`select 1 from job_history where name = $1`, [retentionJobName]),
    ).toBeGreaterThan(2);
  });
});
