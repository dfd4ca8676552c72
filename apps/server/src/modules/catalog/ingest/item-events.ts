import type { NewEvent } from '../../events/index.ts';
import type { ConfigHealth } from '../scrapers/scrape-result.ts';

/** What one ingest did to one item; the event rule below reads only this. */
export interface ItemTransition {
  readonly id: string;
  readonly type: string;
  readonly name: string;
  readonly created: boolean;
  /** Soft-deleted by this ingest (it was live before). */
  readonly deleted: boolean;
  /** The stored document changed (a diff change was recorded). */
  readonly configChanged: boolean;
  /** Health before this ingest; undefined for a new item. */
  readonly healthBefore?: ConfigHealth;
  readonly health: ConfigHealth;
}

/**
 * The filter applied before queueing: at most ONE event per item per ingest, and only for a
 * transition. In order: deleted → `config.deleted`; created → `config.created`; health moved
 * → `config.<health>`; document changed → `config.updated`; otherwise nothing (rescrapes of
 * unchanged items and event changes never queue). The event id is the item (plus the health
 * for health events), so while one is still pending the queue drops another for that item.
 */
export function itemEvent(transition: ItemTransition): NewEvent | undefined {
  const properties = { config_id: transition.id, type: transition.type, name: transition.name };
  if (transition.deleted) {
    return { name: 'config.deleted', eventId: transition.id, properties };
  }
  if (transition.created) {
    return {
      name: 'config.created',
      eventId: transition.id,
      properties: { ...properties, health: transition.health },
    };
  }
  if (transition.healthBefore !== undefined && transition.healthBefore !== transition.health) {
    return {
      name: `config.${transition.health}`,
      eventId: `${transition.id}:${transition.health}`,
      properties: { ...properties, health: transition.health, previous: transition.healthBefore },
    };
  }
  if (transition.configChanged) {
    return { name: 'config.updated', eventId: transition.id, properties };
  }
  return undefined;
}
