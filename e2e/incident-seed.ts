import type { APIRequestContext } from '@playwright/test';
import { firstOf, ok, runCheckUntil } from './incident-fakes.ts';

/** A canary whose one http check targets `url` hourly, run now until it fails; its check id. */
export async function seedFailingCheck(
  admin: APIRequestContext,
  names: { canary: string; check: string },
  url: string,
): Promise<string> {
  await ok(
    await admin.post('/api/db/canaries', {
      data: {
        name: names.canary,
        namespace: 'e2e',
        spec: { schedule: '@every 1h', http: [{ name: names.check, url, responseCodes: [200] }] },
      },
    }),
  );
  const checkId = await firstOf(admin, `/api/db/checks?name=eq.${names.check}&deleted_at=is.null`);
  await runCheckUntil(admin, checkId, 'unhealthy');
  return checkId;
}

/**
 * An http connection to a Jira at `url`, and a team whose jira responder client names it with
 * default fields that are templates over the incident (the server fills them in).
 */
export async function seedJiraTeam(
  admin: APIRequestContext,
  names: { connection: string; team: string },
  jira: { url: string; username: string; password: string },
): Promise<void> {
  await ok(
    await admin.post('/api/db/connections', {
      data: { name: names.connection, namespace: 'e2e', type: 'http', ...jira },
    }),
  );
  const defaults = {
    configType: 'Jira::Issue',
    project: 'OPS',
    issueType: 'Incident',
    priority: 'High',
    summary: '{{ .incident.incident_id }}: {{ .incident.title }}',
    description: 'Severity {{ .incident.severity }}',
  };
  const jiraClient = { connection: `connection://e2e/${names.connection}`, defaults };
  await ok(
    await admin.post('/api/db/teams', {
      data: { name: names.team, spec: { responder_clients: { jira: jiraClient } } },
    }),
  );
}

/** Soft-deletes the rows a filter selects (e.g. `canaries?name=eq.x`). */
export async function softDelete(admin: APIRequestContext, tableAndFilter: string): Promise<void> {
  await ok(
    await admin.patch(`/api/db/${tableAndFilter}`, {
      data: { deleted_at: new Date().toISOString() },
    }),
  );
}
