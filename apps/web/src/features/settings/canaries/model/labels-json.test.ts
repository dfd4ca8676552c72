import { describe, expect, it } from 'vitest';
import { labelsShapeMessage, labelsToJson, parseLabelsJson } from './labels-json.ts';

describe('labels as JSON', () => {
  it('reads an object of names to values', () => {
    expect(parseLabelsJson('{"team": "sre", "tier": 1, "public": false}')).toEqual({
      ok: true,
      labels: { team: 'sre', tier: '1', public: 'false' },
    });
  });

  it('reads an empty text as an empty object', () => {
    expect(parseLabelsJson('  \n')).toEqual({ ok: true, labels: {} });
  });

  it('refuses text that is not JSON, or not an object of values', () => {
    expect(parseLabelsJson('{"team": ')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Invalid JSON: /),
    });
    expect(parseLabelsJson('["sre"]')).toEqual({ ok: false, message: labelsShapeMessage });
    expect(parseLabelsJson('{"team": {"name": "sre"}}')).toEqual({
      ok: false,
      message: labelsShapeMessage,
    });
  });

  it('writes labels back as JSON, {} when there are none', () => {
    expect(labelsToJson({})).toBe('{}');
    expect(parseLabelsJson(labelsToJson({ team: 'sre' }))).toEqual({
      ok: true,
      labels: { team: 'sre' },
    });
  });
});
