import type { PlaybookActionKind } from '@vigil/domain';
import type { PlaybookActionType } from './action-type.ts';
import { execAction } from './exec.ts';
import { httpAction } from './http.ts';
import { notificationAction } from './notification.ts';
import { sqlAction } from './sql.ts';

/** A registry entry whose config type is erased: the engine parses with its schema first. */
export type AnyActionType = PlaybookActionType<unknown>;

function erase<C>(type: PlaybookActionType<C>): AnyActionType {
  // Safe: run() only ever receives what `schema` parsed, which is a C.
  return type as unknown as AnyActionType;
}

/** Every action kind that runs here, one file each. */
export const actionTypes: ReadonlyMap<PlaybookActionKind, AnyActionType> = new Map(
  [erase(execAction), erase(httpAction), erase(sqlAction), erase(notificationAction)].map(
    (type) => [type.kind, type],
  ),
);
