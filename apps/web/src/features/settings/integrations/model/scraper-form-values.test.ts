import { describe, expect, it } from 'vitest';
import { scraperTypeOfSpec } from './scraper-form-registry.ts';
import { fieldText, missingFields, newScraperSpec, withFieldText } from './scraper-form-values.ts';
import { kubernetesScraper } from './scraper-types/kubernetes.ts';
import { sqlScraper } from './scraper-types/sql.ts';
import { fileScraper } from './scraper-types/file.ts';

const field = (type: typeof sqlScraper, path: string) => {
  const found = type.fields.find((f) => f.path === path);
  if (!found) throw new Error(`no field ${path}`);
  return found;
};

describe('scraper form values', () => {
  it('starts a Kubernetes scraper at @every 30m with its cluster name required', () => {
    const spec = newScraperSpec(kubernetesScraper);
    expect(spec.schedule).toBe('@every 30m');
    expect(missingFields(spec, kubernetesScraper)).toEqual(['Cluster name']);
  });

  it('requires connection, type, id and query of a SQL scraper until they are filled', () => {
    let spec = newScraperSpec(sqlScraper);
    expect(missingFields(spec, sqlScraper)).toEqual(['Connection', 'Type', 'ID', 'Query']);
    spec = withFieldText(
      spec,
      sqlScraper,
      field(sqlScraper, 'connection'),
      'connection://default/pg',
    );
    spec = withFieldText(spec, sqlScraper, field(sqlScraper, 'query'), 'select 1');
    expect(missingFields(spec, sqlScraper)).toEqual(['Type', 'ID']);
    expect(spec.sql).toEqual([
      { connection: 'connection://default/pg', type: '', id: '', query: 'select 1' },
    ]);
  });

  it('edits lists as comma-separated text and drops emptied optional fields', () => {
    let spec = newScraperSpec(fileScraper);
    const paths = field(fileScraper, 'paths');
    spec = withFieldText(spec, fileScraper, paths, '/a.yaml, /b.yaml');
    expect(fieldText(spec, fileScraper, paths)).toBe('/a.yaml, /b.yaml');
    spec = withFieldText(spec, fileScraper, field(fileScraper, 'id'), '');
    expect(spec.file).toEqual([
      { type: '', format: 'yaml', icon: 'file', paths: ['/a.yaml', '/b.yaml'] },
    ]);
  });

  it('recognises the form type of a stored spec, else Custom', () => {
    expect(scraperTypeOfSpec({ sql: [{}] }).specKey).toBe('sql');
    expect(scraperTypeOfSpec({ exec: [{}] }).specKey).toBe('custom');
  });
});
