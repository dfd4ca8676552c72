import type { FlowRecord } from '../flows/flow.repository.ts';
import type { IssuedSession } from '../sessions/session.service.ts';

/** What a self-service step answers; the routes turn it into cookies, JSON or a redirect. */
export interface Outcome {
  readonly status: number;
  /** A flow to answer with, rendered for the browser (CSRF token, action URL). */
  readonly flow?: FlowRecord;
  readonly body?: unknown;
  /** Where a browser that posted a plain HTML form goes next. */
  readonly redirect?: string;
  /** Always redirect: the browser followed a link (recovery, verification). */
  readonly navigate?: boolean;
  readonly session?: IssuedSession;
  readonly clearSession?: boolean;
}

export function continueWith(to: string) {
  return [{ action: 'redirect_browser_to', redirect_browser_to: to }];
}

/** A submission with problems: 400 with the flow, whose nodes now carry the messages. */
export function invalidFlow(flow: FlowRecord, pageUrl: string): Outcome {
  return { status: 400, flow, redirect: pageUrl };
}
