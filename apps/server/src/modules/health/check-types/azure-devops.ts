import { z } from 'zod';
import {
  CheckConfigError,
  commonCheckFields,
  defineCheckType,
  envVar,
  errorText,
  failed,
  type CheckRunContext,
} from './check-type.ts';
import { getJson, statusText } from './rest-api.ts';

const azureDevopsCheck = z
  .object({
    ...commonCheckFields,
    organization: z.string().min(1, 'is required'),
    personalAccessToken: envVar.optional().describe('PAT; else the connection password'),
    project: z.string().min(1, 'is required').describe('Name or id of the project'),
    pipeline: z.string().min(1, 'is required').describe('Pipeline name, or a regular expression'),
    variables: z.record(z.string(), z.string()).optional().describe('Run variables to match'),
    branch: z.array(z.string()).optional().describe('Branches a run must come from'),
    thresholdMillis: z.number().int().nonnegative().optional().describe('Longest run allowed'),
  })
  .strict();

type AzureDevopsCheck = z.infer<typeof azureDevopsCheck>;

const project = z.object({ id: z.string() }).loose();
const pipelines = z.object({ value: z.array(z.object({ id: z.number(), name: z.string() })) });
const run = z
  .object({
    id: z.number(),
    state: z.string(),
    result: z.string().optional(),
    createdDate: z.string().optional(),
    finishedDate: z.string().optional(),
    variables: z.record(z.string(), z.object({ value: z.string().optional() })).optional(),
    resources: z
      .object({
        repositories: z.record(z.string(), z.object({ refName: z.string().optional() })).optional(),
      })
      .optional(),
  })
  .loose();
const runs = z.object({ value: z.array(run) });
type Run = z.infer<typeof run>;

const apiVersion = 'api-version=7.1';

/**
 * `spec.azureDevops[]`: for each pipeline of the project whose name matches `pipeline`, takes its
 * latest completed run (when its variables and branch match) and fails when that run took longer
 * than `thresholdMillis` or did not succeed, as canary-checker does.
 */
export const azureDevopsCheckType = defineCheckType({
  type: 'azureDevops',
  schema: azureDevopsCheck,
  endpoint: (check) => `https://dev.azure.com/${check.organization}/${check.project}`,
  async run(check, ctx) {
    const { base, token } = await organization(check, ctx);
    const get = async <T>(path: string, schema: z.ZodType<T>, what: string): Promise<T> => {
      const answer = await getJson(`${base}/${path}`, ctx, {
        basic: { username: '', password: token },
      });
      const parsed = schema.safeParse(answer.json);
      if (answer.status >= 300 || !parsed.success)
        throw new Error(`${what}: ${statusText(answer)}`);
      return parsed.data;
    };
    try {
      const found = await get(
        `_apis/projects/${encodeURIComponent(check.project)}?${apiVersion}`,
        project,
        `failed to get project (name=${check.project})`,
      );
      const all = await get(
        `${found.id}/_apis/pipelines?${apiVersion}`,
        pipelines,
        `failed to get pipeline (project=${check.project})`,
      );
      const checked: Run[] = [];
      for (const pipeline of all.value.filter((p) => nameMatches(check.pipeline, p.name))) {
        const at = `${found.id}/_apis/pipelines/${pipeline.id}/runs`;
        const list = await get(
          `${at}?${apiVersion}`,
          runs,
          `failed to get runs (pipeline=${check.pipeline})`,
        );
        const latest = list.value.find((r) => r.state === 'completed');
        if (!latest || !variablesMatch(check.variables, latest)) continue;
        // The run list leaves out resources (the branch): read the run itself.
        const detail = await get(
          `${at}/${latest.id}?${apiVersion}`,
          run,
          `failed to get run (pipeline=${check.pipeline})`,
        );
        if (!branchMatches(check.branch, detail)) continue;
        checked.push(detail);
        const problem = runProblem(check, detail);
        if (problem) return failed(problem, { results: checked });
      }
      return { pass: true, message: `${checked.length} pipeline runs`, data: { results: checked } };
    } catch (error) {
      return failed(errorText(error));
    }
  },
});

async function organization(check: AzureDevopsCheck, ctx: CheckRunContext) {
  const own = await ctx.resolveValue(check.personalAccessToken);
  const saved = check.connection ? await ctx.connection(check.connection) : undefined;
  const token = own || saved?.password;
  if (!token)
    throw new CheckConfigError('needs personalAccessToken or a connection with a password');
  // A connection's url stands for https://dev.azure.com (Azure DevOps Server, or a proxy).
  const host = (saved?.url ?? 'https://dev.azure.com').replace(/\/+$/, '');
  return { base: `${host}/${encodeURIComponent(check.organization)}`, token };
}

/** A regular expression when it compiles, else the exact name (canary-checker's rule). */
function nameMatches(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern).test(name);
  } catch {
    return pattern === name;
  }
}

function variablesMatch(wanted: Record<string, string> | undefined, found: Run): boolean {
  return Object.entries(wanted ?? {}).every(
    ([key, value]) => found.variables?.[key]?.value === value,
  );
}

function branchMatches(branches: string[] | undefined, found: Run): boolean {
  if (!branches || branches.length === 0) return true;
  const ref = found.resources?.repositories?.self?.refName ?? '';
  return branches.includes(ref.replace(/^refs\/heads\//, ''));
}

function runProblem(check: AzureDevopsCheck, found: Run): string | undefined {
  if (check.thresholdMillis !== undefined && found.createdDate && found.finishedDate) {
    const took = Date.parse(found.finishedDate) - Date.parse(found.createdDate);
    if (took > check.thresholdMillis) {
      return `Runtime:${goDuration(took)} was over the threshold:${goDuration(check.thresholdMillis)}`;
    }
  }
  if (found.result !== 'succeeded') {
    return `Runtime completed with unsuccessful result: ${found.result ?? 'unknown'}`;
  }
  return undefined;
}

/** Milliseconds as Go prints a time.Duration: 1m30s, 2.5s, 0s. */
function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = (ms % 60_000) / 1000;
  const h = hours ? `${hours}h` : '';
  const m = hours || minutes ? `${minutes}m` : '';
  return `${h}${m}${seconds}s`;
}
