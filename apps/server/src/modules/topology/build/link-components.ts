import type { Queryable } from '../../../platform/db.ts';
import { findConfigItems } from '../../catalog/index.ts';
import { selectChecks } from '../../health/index.ts';
import { parseSelectorPairs, type ConfigQuery } from '../spec/selectors.ts';
import { selectorIdOf, type WrittenTree } from './components.repository.ts';
import {
  syncCheckLinks,
  syncComponentLinks,
  syncConfigLinks,
  type CheckLink,
} from './links.repository.ts';
import { syncTeamLinks } from './team-links.repository.ts';

/**
 * Relates each written component to what its selectors pick: checks (`checks[].selector`),
 * config items (`configs[]`), other components (`selectors[]`) and teams (`owner`, `teams`).
 * Answers one error line per selector or team that could not be resolved.
 */
export async function linkComponents(
  db: Queryable,
  tree: WrittenTree,
  inlineChecks: ReadonlyMap<string, readonly CheckLink[]> = new Map(),
): Promise<string[]> {
  const errors: string[] = [];
  for (const { id, component } of tree.written) {
    const checks: CheckLink[] = [...(inlineChecks.get(id) ?? [])];
    for (const selector of component.checkSelectors) {
      const selectorId = selectorIdOf('check', selector);
      const labels = parseSelectorPairs(selector.labelSelector);
      const found = await selectChecks(db, {
        ...(selector.id ? { ids: [selector.id] } : {}),
        ...(selector.name ? { name: selector.name } : {}),
        ...(selector.namespace ? { namespace: selector.namespace } : {}),
        ...(selector.types?.length ? { types: selector.types } : {}),
        ...(Object.keys(labels).length > 0 ? { labels } : {}),
      });
      checks.push(...found.map((c) => ({ checkId: c.id, canaryId: c.canary_id, selectorId })));
    }
    await syncCheckLinks(db, id, checks);
    const configs = [];
    for (const query of component.configs) {
      const selectorId = selectorIdOf('config', query);
      if (!isSelective(query)) {
        errors.push(`${component.name}: a configs entry selects nothing (name, type or tags)`);
        continue;
      }
      const found = await findConfigItems(db, configQueryOf(query));
      configs.push(...found.map((item) => ({ targetId: item.id, selectorId })));
    }
    await syncConfigLinks(db, id, configs);
    const selectors = component.selectors
      .map((selector) => ({
        labels: parseSelectorPairs(selector.labelSelector),
        selectorId: selectorIdOf('component', selector),
      }))
      .filter((selector) => Object.keys(selector.labels).length > 0);
    await syncComponentLinks(db, id, selectors);
    for (const team of await syncTeamLinks(db, id, component.teams)) {
      errors.push(`${component.name}: owner team "${team}" does not exist`);
    }
  }
  return errors;
}

function isSelective(query: ConfigQuery): boolean {
  return Boolean(
    query.id ||
    query.name ||
    query.type ||
    query.types?.length ||
    query.external_id ||
    Object.keys(query.tags ?? {}).length > 0 ||
    Object.keys(query.labels ?? {}).length > 0,
  );
}

function configQueryOf(query: ConfigQuery) {
  const types = [...(query.type ? [query.type] : []), ...(query.types ?? [])];
  const ids = query.id === undefined ? [] : Array.isArray(query.id) ? query.id : [query.id];
  return {
    ...(ids.length > 0 ? { ids } : {}),
    ...(query.name ? { name: query.name } : {}),
    ...(query.namespace ? { namespace: query.namespace } : {}),
    ...(types.length > 0 ? { types } : {}),
    ...(query.class ? { configClass: query.class } : {}),
    ...(query.external_id ? { externalId: query.external_id } : {}),
    ...(query.tags ? { tags: query.tags } : {}),
    ...(query.labels ? { labels: query.labels } : {}),
  };
}
