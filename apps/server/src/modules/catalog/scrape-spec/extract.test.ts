import { describe, expect, it } from 'vitest';
import { commonScraperEntry } from './common-fields.ts';
import { entryExpressionProblem } from './entry-expressions.ts';
import { extractResult } from './extract.ts';

const entry = (fields: unknown) => commonScraperEntry.parse(fields);

describe('extractResult', () => {
  it('reads id, name, type and class as JSONPaths or literals, one item per selected element', () => {
    const result = extractResult(
      entry({ id: '$.id', name: '$.name', type: 'Car', class: '$.kind', items: '$.cars' }),
      [
        {
          document: {
            cars: [
              { id: 'a', name: 'A', kind: 'Sedan' },
              { id: 'b', kind: 'SUV' },
            ],
          },
        },
      ],
      { full: false },
    );
    expect(result.errors).toEqual([]);
    expect(result.items.map((i) => [i.externalId, i.name, i.type, i.configClass])).toEqual([
      ['a', 'A', 'Car', 'Sedan'],
      ['b', 'b', 'Car', 'SUV'],
    ]);
  });

  it('reports a document whose id finds no value instead of inventing one', () => {
    const result = extractResult(
      entry({ id: '$.missing', type: 'Car' }),
      [{ document: { id: 1 }, source: 'cars.json' }],
      { full: false },
    );
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual(['cars.json: id $.missing found no value']);
  });

  it('excludes by type and masks by selector', () => {
    const spec = entry({
      id: '$.id',
      type: '$.kind',
      transform: {
        exclude: [{ jsonpath: '.password' }, { types: ['B'], jsonpath: '$.secret' }],
        mask: [{ selector: "config.name == 'one'", jsonpath: '$.token', value: 'md5sum' }],
      },
    });
    const result = extractResult(
      spec,
      [
        {
          document: [
            { id: '1', kind: 'A', name: 'one', password: 'p', secret: 's', token: 't' },
            { id: '2', kind: 'B', name: 'two', password: 'p', secret: 's', token: 't' },
          ],
        },
      ],
      { full: false },
    );
    expect(result.items.map((i) => i.config)).toEqual([
      { id: '1', kind: 'A', name: 'one', secret: 's', token: 'e358efa489f58062f10dd7316b65649e' },
      { id: '2', kind: 'B', name: 'two', token: 't' },
    ]);
  });

  it('runs a CEL transform before selecting items', () => {
    const result = extractResult(
      entry({
        id: '$.n',
        type: 'Num',
        transform: { expr: 'config.list.map(x, {"n": x}).toJSON()' },
      }),
      [{ document: { list: [1, 2] } }],
      { full: false },
    );
    expect(result.items.map((i) => i.externalId)).toEqual(['1', '2']);
  });

  it('in full mode takes changes and analysis from the document and maps changes', () => {
    const spec = entry({
      id: '$.reg_no',
      type: 'Car',
      transform: {
        changes: {
          exclude: ["change.change_type == 'noise'"],
          mapping: [{ filter: "change.change_type == 'drive'", type: 'Driven', severity: 'low' }],
        },
      },
    });
    const document = {
      reg_no: 'A123',
      config: { color: 'blue' },
      changes: [{ action: 'drive', summary: 'went out' }, { change_type: 'noise' }],
      analysis: [{ analyzer: 'paint', analysis_type: 'compliance', summary: 'scratched' }],
    };
    const result = extractResult(spec, [{ document }], { full: true });
    expect(result.items[0]?.config).toEqual({ color: 'blue' });
    expect(result.changes).toEqual([
      expect.objectContaining({
        config: { externalId: 'A123', type: 'Car' },
        changeType: 'Driven',
        severity: 'low',
        summary: 'went out',
      }),
    ]);
    expect(result.analysis).toEqual([
      expect.objectContaining({ analyzer: 'paint', analysisType: 'compliance' }),
    ]);
  });

  it('links items by relationship rules naming an external id and type', () => {
    const spec = entry({
      id: '$.id',
      type: 'Pod',
      transform: {
        relationship: [
          { external_id: { expr: 'config.node' }, type: { value: 'Node' }, parent: true },
          { external_id: { expr: 'config.sa' }, type: { value: 'ServiceAccount' } },
        ],
      },
    });
    const result = extractResult(spec, [{ document: { id: 'p', node: 'n1', sa: 'default' } }], {
      full: false,
    });
    expect(result.items[0]?.parent).toEqual({ externalId: 'n1', type: 'Node' });
    expect(result.relationships).toEqual([
      {
        config: { externalId: 'p', type: 'Pod' },
        related: { externalId: 'default', type: 'ServiceAccount' },
      },
    ]);
  });
});

describe('entryExpressionProblem', () => {
  it('names the field of a CEL expression that does not compile', () => {
    const problem = entryExpressionProblem(
      entry({ transform: { changes: { exclude: ['change.change_type =='] } } }),
    );
    expect(problem?.field).toBe('transform.changes.exclude[0]');
  });

  it('accepts a Go template transform and refuses one that cannot parse, naming it', () => {
    expect(entryExpressionProblem(entry({ transform: { gotemplate: '{{.config}}' } }))).toBe(
      undefined,
    );
    expect(entryExpressionProblem(entry({ transform: { gotemplate: '{{ if }}' } }))).toEqual({
      field: 'transform.gotemplate',
      message: expect.any(String),
    });
  });
});
