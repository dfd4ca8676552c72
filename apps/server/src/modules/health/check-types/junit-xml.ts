import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { z } from 'zod';

/** A file that is not well-formed XML or has no JUnit test suites in it. */
export class JunitFormatError extends Error {}

/** An element without attributes or children parses as a string: treat it as text. */
const asElement = (value: unknown) => (typeof value === 'string' ? { '#text': value } : value);

const textElement = z.preprocess(
  asElement,
  z.object({ '#text': z.string().optional(), '@_message': z.string().optional() }).loose(),
);

const testcase = z.preprocess(
  asElement,
  z
    .object({
      '@_name': z.string().optional(),
      '@_classname': z.string().optional(),
      '@_time': z.string().optional(),
      failure: z.array(textElement).optional(),
      error: z.array(textElement).optional(),
      skipped: z.array(textElement).optional(),
      'system-out': z.array(textElement).optional(),
      'system-err': z.array(textElement).optional(),
    })
    .loose(),
);

export type RawTestcase = z.infer<typeof testcase>;

export interface RawSuite {
  readonly '@_name'?: string;
  readonly '@_time'?: string;
  readonly testcase?: readonly RawTestcase[];
  readonly testsuite?: readonly RawSuite[];
}

const suite: z.ZodType<RawSuite> = z.preprocess(
  asElement,
  z
    .object({
      '@_name': z.string().optional(),
      '@_time': z.string().optional(),
      testcase: z.array(testcase).optional(),
      testsuite: z.array(z.lazy(() => suite)).optional(),
    })
    .loose(),
);

const document = z
  .object({
    testsuites: z.array(suite).optional(),
    testsuite: z.array(suite).optional(),
  })
  .loose();

const repeated = new Set([
  'testsuites',
  'testsuite',
  'testcase',
  'failure',
  'error',
  'skipped',
  'system-out',
  'system-err',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => repeated.has(name),
});

const position = z.object({ line: z.number(), col: z.number() });

/**
 * The suites of a JUnit XML report (inside `<testsuites>` or a bare `<testsuite>`), with
 * nested suites kept as they are. Throws JunitFormatError for anything else.
 */
export function parseJunitXml(xml: string): RawSuite[] {
  try {
    SyntaxValidator.validate(xml);
  } catch (error) {
    const where = position.safeParse(error);
    const at = where.success ? ` at line ${where.data.line}, column ${where.data.col}` : '';
    throw new JunitFormatError(`not well-formed XML${at}: ${messageOf(error)}`);
  }
  const raw: unknown = parser.parse(xml);
  const parsed = document.safeParse(raw);
  if (!parsed.success) {
    throw new JunitFormatError(`unexpected JUnit structure: ${parsed.error.issues[0]?.message}`);
  }
  const { testsuites, testsuite } = parsed.data;
  if (testsuites === undefined && testsuite === undefined) {
    throw new JunitFormatError('no <testsuites> or <testsuite> element');
  }
  const wrapped = (testsuites ?? []).flatMap((wrapper) => wrapper.testsuite ?? []);
  return [...wrapped, ...(testsuite ?? [])];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
