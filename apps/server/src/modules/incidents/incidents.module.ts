import type { Logger } from 'pino';
import type { Database } from '../../platform/db.ts';
import type { ConnectionResolver } from '../connections/index.ts';
import type { Enqueue } from '../events/index.ts';
import { sendThroughConnection, type NotificationSender } from '../notifications/index.ts';
import { defineModule, type VigilModule } from '../../platform/module.ts';
import { commentsWriteHook } from './comments/comments.write-hook.ts';
import { mentionConsumer } from './comments/mention-notices.ts';
import {
  createDefinitionOfDoneWorker,
  type DefinitionOfDoneSettings,
} from './definition-of-done/dod.worker.ts';
import { evidencesWriteHook } from './evidences/evidences.write-hook.ts';
import { hypothesesWriteHook } from './hypotheses/hypotheses.write-hook.ts';
import { incidentsWriteHook } from './incidents.write-hook.ts';
import { respondersWriteHook } from './responders/responders.write-hook.ts';
import { ticketConsumer } from './responders/tickets.consumer.ts';
import { createTicketSyncWorker } from './responders/tickets.worker.ts';
import { createIncidentRulesWorker } from './rules/incident-rules.worker.ts';
import { incidentRulesWriteHook } from './rules/incident-rules.write-hook.ts';

export interface IncidentsModuleDeps {
  readonly db: Database;
  readonly log: Logger;
  /** Queues the event that opens a team responder's ticket. */
  readonly enqueue: Enqueue;
  /** Opens the connections named in teams' responder_clients. */
  readonly connections: ConnectionResolver;
  readonly definitionOfDone?: DefinitionOfDoneSettings;
  /** How often incident rules run (default every minute). */
  readonly rulesEveryMs?: number;
  /** The SMTP connection that mails mentioned people (default connection://default/smtp). */
  readonly emailConnection?: string | undefined;
  /** VIGIL_PUBLIC_URL, for links in mention mails. */
  readonly publicUrl?: string | undefined;
  /** Delivers mention mails; the notifications area's sender unless a test replaces it. */
  readonly notify?: NotificationSender;
}

/**
 * The incidents area (spec 002 §2–§7): incidents with their hypotheses tree, evidence and
 * definition of done, comments, responders and changelog; the workers that evaluate
 * definition-of-done scripts and run the incident rules.
 */
export function createIncidentsModule(deps: IncidentsModuleDeps): VigilModule {
  const tickets = { db: deps.db, log: deps.log, connections: deps.connections };
  return defineModule({
    name: 'incidents',
    resources: [
      { name: 'incidents', object: 'incident' },
      { name: 'hypotheses', object: 'incident' },
      // The changelog is written by the server only, in the transaction of each change.
      { name: 'incident_histories', object: 'incident', readOnly: true },
      { name: 'evidences', object: 'evidences' },
      { name: 'comments', object: 'comments' },
      { name: 'responders', object: 'responder' },
      { name: 'incident_rules', object: 'database', sourceManaged: true },
      { name: 'incident_summary', object: 'incident', readOnly: true },
      { name: 'incidents_by_component', object: 'incident', readOnly: true },
      { name: 'incidents_by_config', object: 'incident', readOnly: true },
    ],
    writeHooks: {
      incidents: incidentsWriteHook,
      hypotheses: hypothesesWriteHook,
      evidences: evidencesWriteHook,
      comments: commentsWriteHook(deps.enqueue),
      responders: respondersWriteHook(deps.enqueue),
      incident_rules: incidentRulesWriteHook,
    },
    workers: [
      createDefinitionOfDoneWorker(deps.db, deps.log, deps.definitionOfDone),
      createIncidentRulesWorker(deps.db, deps.log, deps.rulesEveryMs ?? 60_000),
      createTicketSyncWorker(tickets),
    ],
    consumers: [
      ticketConsumer(tickets),
      mentionConsumer({
        db: deps.db,
        connections: deps.connections,
        notify: deps.notify ?? sendThroughConnection,
        emailConnection: deps.emailConnection ?? 'connection://default/smtp',
        publicUrl: deps.publicUrl,
      }),
    ],
  });
}
