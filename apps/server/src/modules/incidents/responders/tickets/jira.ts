import { z } from 'zod';
import {
  baseUrl,
  basicAuth,
  defineTicketClient,
  jsonCall,
  responderClientConfig,
} from './ticket-client.ts';

const created = z.object({ key: z.string() });

const issue = z.object({
  fields: z.object({
    status: z
      .object({ name: z.string(), statusCategory: z.object({ key: z.string() }).optional() })
      .optional(),
    resolutiondate: z.string().nullable().optional(),
    comment: z
      .object({
        comments: z.array(
          z.object({
            id: z.string(),
            body: z.string(),
            author: z.object({ displayName: z.string() }).optional(),
          }),
        ),
      })
      .optional(),
  }),
});

/** Jira Cloud/Server REST API v2: POST /rest/api/2/issue, GET /rest/api/2/issue/{key}. */
export const jiraTickets = defineTicketClient({
  type: 'jira',
  config: responderClientConfig,
  async open({ connection, fields, signal }) {
    const answer = await jsonCall(`${baseUrl(connection)}/rest/api/2/issue`, {
      method: 'POST',
      headers: basicAuth(connection),
      signal,
      body: {
        fields: {
          project: { key: fields.project },
          issuetype: { name: fields.issueType },
          priority: { name: fields.priority },
          summary: fields.summary,
          description: fields.description,
        },
      },
    });
    return { externalId: created.parse(answer).key };
  },
  async read({ connection, externalId: key, signal }) {
    const answer = issue.parse(
      await jsonCall(
        `${baseUrl(connection)}/rest/api/2/issue/${encodeURIComponent(key)}?fields=status,resolutiondate,comment`,
        { method: 'GET', headers: basicAuth(connection), signal },
      ),
    );
    const category = answer.fields.status?.statusCategory?.key;
    const now = new Date();
    const resolved = answer.fields.resolutiondate
      ? new Date(answer.fields.resolutiondate)
      : undefined;
    return {
      acknowledgedAt: category === 'indeterminate' || category === 'done' ? now : undefined,
      resolvedAt: resolved ?? (category === 'done' ? now : undefined),
      closedAt: answer.fields.status?.name.toLowerCase() === 'closed' ? now : undefined,
      comments: (answer.fields.comment?.comments ?? []).map((comment) => ({
        externalId: comment.id,
        author: comment.author?.displayName ?? 'Jira',
        body: comment.body,
      })),
    };
  },
});
