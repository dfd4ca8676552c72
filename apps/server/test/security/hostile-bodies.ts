import fc from 'fast-check';

/**
 * Bodies nested thousands deep. On while a body-parser depth cap is on its way: until it
 * lands, the fuzz tests that send them fail on that 500 alone.
 */
export const deepNesting = true;

/** A leaf that a surface's valid shapes put where hostile JSON text should go. */
export const hole = '\u0001hole\u0001';
const holeJson = JSON.stringify(hole);

const maxDepth = 5_000;
const pollution = '{"polluted": "yes", "isAdmin": true, "roles": ["admin"]}';

/** JSON text nested `depth` levels deep, as arrays, objects or both in turn. */
export function nestedJson(depth: number, shape: 'array' | 'object' | 'mixed'): string {
  if (shape === 'array') return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  if (shape === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const half = Math.floor(depth / 2);
  return `${'[{"a":'.repeat(half)}1${'}]'.repeat(half)}`;
}

const deep = fc
  .tuple(
    fc.integer({ min: 1_000, max: maxDepth }),
    fc.constantFrom<'array' | 'object' | 'mixed'>('array', 'object', 'mixed'),
  )
  .map(([depth, shape]) => nestedJson(depth, shape));

/** A value's JSON with its first hole replaced by the fragment (a deep value, for examples). */
export function fillHole(value: unknown, fragment: string): string {
  const filled = fill(JSON.stringify(value) ?? 'null', fragment, null);
  return typeof filled === 'string' ? filled : filled.toString('utf8');
}

/** Mostly the valid value, so that most requests reach past validation; sometimes the other. */
export function mostly<T, U>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<U>): fc.Arbitrary<T | U> {
  return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: other });
}

/** JSON texts that stand for one value: each one a known way to break a server. */
const fragmentText = fc.oneof(
  ...(deepNesting ? [{ weight: 2, arbitrary: deep }] : []),
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('x', 'é', '😀', '\\u0000', '\\ud800'),
        fc.integer({ min: 10, max: 1e6 }),
      )
      .map(([unit, count]) => `"${unit.repeat(count)}"`),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '1e400',
      '-1e400',
      '1e-400',
      '9223372036854775808',
      '-9223372036854775809',
      '2147483648',
      '123456789012345678901234567890',
      '-0',
      '0.1e-99999',
      '"NaN"',
      '"Infinity"',
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      `{"__proto__": ${pollution}}`,
      `{"constructor": {"prototype": ${pollution}}}`,
      `{"__proto__": {"__proto__": ${pollution}}}`,
      `[{"__proto__": ${pollution}}]`,
      '{"toString": "x", "valueOf": 1, "hasOwnProperty": null}',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom('"\\u0000"', '"\\ud800\\udc00\\udfff"', '"\u202e"') },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
);

/** Bytes that are not UTF-8: lone continuation, overlong, surrogate, truncated, BOM-like. */
const invalidUtf8 = fc
  .constantFrom(
    [0xff],
    [0xfe, 0xff],
    [0x80],
    [0xc0, 0xaf],
    [0xe0, 0x80, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0xe2, 0x82],
    [0x00],
  )
  .map((bytes) => Buffer.concat([Buffer.from('"a'), Buffer.from(bytes), Buffer.from('b"')]));

/** One hostile value, as text or as raw bytes. */
export const hostileFragment: fc.Arbitrary<string | Buffer> = fc.oneof(
  { weight: 5, arbitrary: fragmentText },
  { weight: 1, arbitrary: invalidUtf8 },
);

/** Keys put first in a body's top-level object, where a merge into a plain object would land. */
const pollutingKeys = fc.constantFrom(
  `"__proto__": ${pollution}`,
  `"constructor": {"prototype": ${pollution}}`,
  `"__proto__": ${pollution}, "__proto__": ${pollution}`,
);

/** Whole bodies that are no JSON at all, or not the JSON asked for. */
const notJson = fc.constantFrom(
  '',
  '{',
  '[1,',
  'null',
  '"x"',
  '42',
  'a=1&b=2&__proto__[polluted]=yes&constructor[prototype][polluted]=yes',
  'apiVersion: v1\nkind: Canary\nmetadata: {name: x}\n',
  'a: &a [1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n',
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  '\uFEFF{}',
  '{"a": 1}garbage',
);

/**
 * A body built from a surface's valid shape: its holes filled with hostile values, sometimes
 * polluting keys put first, sometimes replaced by text that is not JSON.
 */
export function hostileBody(shape: fc.Arbitrary<unknown>): fc.Arbitrary<string | Buffer> {
  const filled = fc
    .tuple(shape, hostileFragment, mostly(fc.constant(null), pollutingKeys))
    .map(([value, fragment, keys]) => fill(JSON.stringify(value) ?? 'null', fragment, keys));
  return fc.oneof({ weight: 8, arbitrary: filled }, { weight: 1, arbitrary: notJson });
}

/**
 * A valid shape's text with its first value hole filled by the fragment, the other value holes
 * nulled and key holes renamed (a hole drawn as an object key must stay a string).
 */
function fill(text: string, fragment: string | Buffer, keys: string | null): string | Buffer {
  let json = text.replaceAll(`${holeJson}:`, '"hole":');
  if (keys !== null && json.startsWith('{')) {
    json = `{${keys}${json === '{}' ? '' : ','}${json.slice(1)}`;
  }
  const at = json.indexOf(holeJson);
  if (at < 0) return json;
  const rest = json.slice(at + holeJson.length).replaceAll(holeJson, 'null');
  if (typeof fragment === 'string') return `${json.slice(0, at)}${fragment}${rest}`;
  return Buffer.concat([Buffer.from(json.slice(0, at)), fragment, Buffer.from(rest)]);
}

/** Media types a JSON endpoint should refuse or parse safely, with application/json most often. */
export const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/yaml',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/xml',
      'application/octet-stream',
      'Application/JSON',
      '',
    ),
  },
);
