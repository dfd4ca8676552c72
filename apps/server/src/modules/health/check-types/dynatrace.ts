import { z } from 'zod';
import {
  CheckConfigError,
  commonCheckFields,
  defineCheckType,
  envVar,
  errorText,
  failed,
} from './check-type.ts';
import { getJson, statusText } from './rest-api.ts';

const dynatraceCheck = z
  .object({
    ...commonCheckFields,
    host: z.string().min(1, 'is required').describe('Dynatrace environment host, no scheme'),
    scheme: z.enum(['http', 'https']).optional().describe('Default https'),
    apiKey: envVar.describe('Access token with problems.read, sent as Api-Token'),
  })
  .strict();

const tag = z.object({ key: z.string().optional(), value: z.string().optional() }).loose();

/** The fields of a problem (problems API v2) that canary-checker passes on. */
const problem = z
  .object({
    problemId: z.string(),
    title: z.string(),
    status: z.string().optional(),
    impactLevel: z.string().optional(),
    severityLevel: z.string().optional(),
    impactedEntities: z.array(z.unknown()).optional(),
    affectedEntities: z.array(z.unknown()).optional(),
    entityTags: z.array(tag).optional(),
    evidenceDetails: z
      .object({ totalCount: z.number().optional(), details: z.array(z.unknown()).optional() })
      .optional(),
  })
  .loose();

const problems = z.object({ problems: z.array(problem) }).loose();

/**
 * `spec.dynatrace[]`: lists the environment's problems (GET /api/v2/problems). As in
 * canary-checker it passes whenever the API answers; `results` holds the problems for
 * `test`, `display` and `transform`.
 */
export const dynatraceCheckType = defineCheckType({
  type: 'dynatrace',
  schema: dynatraceCheck,
  endpoint: (check) => `${check.scheme ?? 'https'}://${check.host}`,
  async run(check, ctx) {
    const token = await ctx.resolveValue(check.apiKey);
    if (!token) throw new CheckConfigError('apiKey is empty');
    const url = `${check.scheme ?? 'https'}://${check.host.replace(/\/+$/, '')}/api/v2/problems`;
    let answer: Awaited<ReturnType<typeof getJson>>;
    try {
      answer = await getJson(url, ctx, { header: `Api-Token ${token}` });
    } catch (error) {
      return failed(`error getting Dynatrace problems: ${errorText(error)}`);
    }
    const parsed = problems.safeParse(answer.json);
    if (answer.status >= 300 || !parsed.success) {
      return failed(`error getting Dynatrace problems: ${statusText(answer)}`);
    }
    const results = parsed.data.problems.map(problemDetail);
    return {
      pass: true,
      message: `${results.length} problems`,
      data: { results },
      detail: results,
    };
  },
});

function problemDetail(found: z.infer<typeof problem>): Record<string, unknown> {
  const detail: Record<string, unknown> = {
    // Title and id together, as canary-checker makes it unique.
    title: `${found.title} ${found.problemId}`,
    status: found.status,
    impactLevel: found.impactLevel,
    severity: found.severityLevel,
    impactedEntities: found.impactedEntities,
    affectedEntities: found.affectedEntities,
  };
  const tags = found.entityTags ?? [];
  if (tags.length > 0) {
    const labels: Record<string, string> = {};
    for (const entry of tags) if (entry.key) labels[entry.key] = entry.value ?? '';
    detail.labels = labels;
    detail.entityTags = tags;
  }
  if (found.evidenceDetails) {
    detail.totalEvidences = found.evidenceDetails.totalCount;
    detail.evidences = found.evidenceDetails.details;
  }
  return detail;
}
