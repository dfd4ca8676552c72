import type { PlaybookActionKind } from '@vigil/domain';
import type { PlaybookActionType } from './action-type.ts';
import { execAction } from './exec.ts';
import { httpAction } from './http.ts';
import { notificationAction } from './notification.ts';
import { sqlAction } from './sql.ts';

/** A registry entry whose config type is erased: the engine parses with its schema first. */
export type AnyActionType = PlaybookActionType<unknown>;

const types: readonly AnyActionType[] = [execAction, httpAction, sqlAction, notificationAction];

/** Every action kind that runs here, one file each. */
export const actionTypes: ReadonlyMap<PlaybookActionKind, AnyActionType> = new Map(
  types.map((type) => [type.kind, type]),
);
