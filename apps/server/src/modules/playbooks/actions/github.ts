import { z } from 'zod';
import { envVar } from '../../../platform/values/env-var.ts';
import { ActionFailed, defineActionType, mask } from './action-type.ts';

const githubApi = 'https://api.github.com';

const workflowSchema = z.strictObject({
  /** The workflow's id or file name (release.yaml). */
  id: z.string().min(1, 'This field is required'),
  ref: z.string().optional(),
  /** The workflow's inputs as a JSON object. */
  input: z.string().optional(),
});

const githubSchema = z
  .strictObject({
    repo: z.string().min(1, 'This field is required'),
    username: z.string().min(1, 'This field is required'),
    token: envVar.optional(),
    /** Vigil: a github connection, whose url is the API base and password the token. */
    connection: z.string().optional(),
    workflows: z.array(workflowSchema).optional(),
  })
  .refine((github) => github.token !== undefined || github.connection !== undefined, {
    message: 'token or connection is required',
    path: ['token'],
  });
type GithubConfig = z.infer<typeof githubSchema>;

const segment = (text: string) => encodeURIComponent(text.trim());

function inputsOf(workflow: z.infer<typeof workflowSchema>): Record<string, unknown> {
  if (!workflow.input?.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(workflow.input);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed));
    }
  } catch {
    // reported below
  }
  throw new ActionFailed(`github: workflow ${workflow.id}: input is not a JSON object`);
}

/**
 * github: a workflow_dispatch of each workflow (POST /repos/{owner}/{repo}/actions/workflows/
 * {id}/dispatches). The token goes only to api.github.com, or to the connection's own url.
 */
export const githubAction = defineActionType<GithubConfig>({
  kind: 'github',
  schema: githubSchema,
  async run(config, context) {
    const connection = config.connection
      ? await context.connections(config.connection, { approved: context.connectionsApproved })
      : undefined;
    const token = (await context.values(config.token)) ?? connection?.password ?? undefined;
    if (!token) throw new ActionFailed('github: the token is empty');
    const secrets = [...context.secrets, token];
    const base = (connection?.url || githubApi).replace(/\/$/, '');
    const dispatched: Array<{ id: string; ref: string; status: number }> = [];
    for (const workflow of config.workflows ?? []) {
      const ref = workflow.ref?.trim() || 'main';
      const url = `${base}/repos/${segment(config.username)}/${segment(config.repo)}/actions/workflows/${segment(workflow.id)}/dispatches`;
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-github-api-version': '2022-11-28',
        },
        body: JSON.stringify({ ref, inputs: inputsOf(workflow) }),
        signal: context.signal,
        redirect: 'manual',
      });
      const text = mask((await response.text()).slice(0, 2000), secrets);
      if (response.status !== 204) {
        throw new ActionFailed(
          `github: workflow ${workflow.id} answered ${response.status}: ${text}`,
          { workflows: dispatched },
        );
      }
      dispatched.push({ id: workflow.id, ref, status: response.status });
      context.output(`dispatched workflow ${workflow.id} on ${ref}\n`);
    }
    return { workflows: dispatched };
  },
});
