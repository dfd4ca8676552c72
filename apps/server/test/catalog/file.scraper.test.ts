import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileScraperType } from '../../src/modules/catalog/scrapers/file/file.scraper.ts';
import { scrapeContext } from './scrape-context.ts';

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-file-scraper-'));
  await fs.mkdir(path.join(dir, 'cars'));
  await fs.writeFile(path.join(dir, 'cars', 'a.json'), JSON.stringify({ reg: 'A1', seats: 4 }));
  await fs.writeFile(
    path.join(dir, 'cars', 'b.yaml'),
    'reg: B1\nseats: 2\n---\nreg: B2\nseats: 7\n',
  );
  await fs.writeFile(path.join(dir, 'cars', 'skip.json'), JSON.stringify({ reg: 'SKIP' }));
  await fs.writeFile(
    path.join(dir, 'pg.conf'),
    "max_connections = 100\nshared_buffers = '128MB' # mem\n",
  );
  await fs.writeFile(path.join(dir, 'broken.json'), '{"reg": ');
  await fs.writeFile(
    path.join(dir, 'full.json'),
    JSON.stringify({
      reg: 'F1',
      config: { reg: 'F1', colour: 'red' },
      changes: [{ action: 'Repainted', summary: 'now red', severity: 'low' }],
      analysis: [{ analyzer: 'mot', analysis_type: 'compliance', summary: 'due' }],
    }),
  );
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const run = (entry: unknown, full = false) =>
  fileScraperType.prepare(entry).scrape(scrapeContext({ baseDir: dir, full }));

describe('file scraper', () => {
  it('reads every JSON and YAML document of a directory, skipping ignored files', async () => {
    const result = await run({
      type: 'Car',
      id: '$.reg',
      paths: ['cars'],
      ignore: ['**/skip.json'],
    });
    expect(result.errors).toEqual([]);
    expect(result.items.map((i) => i.externalId).sort()).toEqual(['A1', 'B1', 'B2']);
    expect(result.items.find((i) => i.externalId === 'B2')?.config).toEqual({
      reg: 'B2',
      seats: 7,
    });
  });

  it('matches globs relative to its base directory', async () => {
    const result = await run({ type: 'Car', id: '$.reg', paths: ['cars/*.json'] });
    expect(result.items.map((i) => i.externalId).sort()).toEqual(['A1', 'SKIP']);
  });

  it('reads the properties format into a map', async () => {
    const result = await run({ type: 'PG', id: 'pg', format: 'properties', paths: ['pg.conf'] });
    expect(result.items[0]?.config).toEqual({ max_connections: '100', shared_buffers: '128MB' });
  });

  it('in full mode stores the config and returns its changes and analysis', async () => {
    const result = await run({ type: 'Car', id: '$.reg', paths: ['full.json'] }, true);
    expect(result.items[0]?.config).toEqual({ reg: 'F1', colour: 'red' });
    expect(result.changes).toEqual([
      expect.objectContaining({ changeType: 'Repainted', summary: 'now red', severity: 'low' }),
    ]);
    expect(result.analysis[0]).toMatchObject({ analyzer: 'mot', analysisType: 'compliance' });
  });

  it('transforms with a Go template as config-db does (its fixture and expected output)', async () => {
    await fs.writeFile(
      path.join(dir, 'multiple-configs.json'),
      JSON.stringify([
        { name: 'Config1', id: 1, password: 'p1' },
        { name: 'Config2', id: 2, password: 'p2' },
      ]),
    );
    const gotemplate =
      '[{ {{range $i := .config}} "name-{{.id}}": "hi {{.name}}", {{end}} "id": "1" }]';
    const result = await run({
      type: 'MyConfig',
      id: '$.id',
      name: 'scraped',
      transform: { gotemplate },
      paths: ['multiple-configs.json'],
    });
    expect(result.items.map((i) => [i.externalId, i.name, i.config])).toEqual([
      ['1', 'scraped', { 'name-1': 'hi Config1', 'name-2': 'hi Config2', id: '1' }],
    ]);
  });

  it('fails on malformed JSON naming the file', async () => {
    await expect(run({ type: 'Car', id: '$.reg', paths: ['broken.json'] })).rejects.toThrow(
      /broken\.json is not valid JSON/,
    );
  });

  it('refuses an entry with an unknown field', () => {
    expect(() => fileScraperType.prepare({ type: 'Car', path: ['x'] })).toThrow(/path/);
  });
});
