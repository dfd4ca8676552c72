import type { PlaybookActionKind } from '@vigil/domain';
import type { PlaybookActionType } from './action-type.ts';
import { execAction } from './exec.ts';
import { githubAction } from './github.ts';
import { gitopsAction } from './gitops.ts';
import { httpAction } from './http.ts';
import { logsAction } from './logs.ts';
import { notificationAction } from './notification.ts';
import { podAction } from './pod.ts';
import { sqlAction } from './sql.ts';

/** A registry entry whose config type is erased: the engine parses with its schema first. */
export type AnyActionType = PlaybookActionType<unknown>;

const types: readonly AnyActionType[] = [
  execAction,
  httpAction,
  sqlAction,
  notificationAction,
  podAction,
  logsAction,
  githubAction,
  gitopsAction,
];

/** Every action kind that runs here, one file each. */
export const actionTypes: ReadonlyMap<PlaybookActionKind, AnyActionType> = new Map(
  types.map((type) => [type.kind, type]),
);
