import {
  encodeLabels,
  encodeList,
  encodeTags,
  parseLabels,
  parseList,
  parseTags,
  toggleKeyValue,
  toggleListValue,
} from './filter-encoding.ts';
import type { CatalogUrlState } from './catalog-url-state.ts';

type ListParam = 'configType' | 'status' | 'health';

/** The URL patch that includes or excludes one cell value. */
export function toggleListParam(
  state: CatalogUrlState,
  param: ListParam,
  value: string,
  include: boolean,
): Partial<Record<ListParam, string>> {
  return { [param]: encodeList(toggleListValue(parseList(state[param]), { value, include })) };
}

export function toggleTag(state: CatalogUrlState, key: string, value: string, include: boolean) {
  return { tags: encodeTags(toggleKeyValue(parseTags(state.tags), { key, value, include })) };
}

export function toggleLabel(state: CatalogUrlState, key: string, value: string, include: boolean) {
  return {
    labels: encodeLabels(toggleKeyValue(parseLabels(state.labels), { key, value, include })),
  };
}

export interface ChipSpec {
  key: string;
  label: string;
  exclude: boolean;
  patch: Partial<Record<'configType' | 'status' | 'health' | 'tags' | 'labels', string>>;
}

/** One removable chip per active value, each with the URL patch that removes it. */
export function catalogChips(state: CatalogUrlState): ChipSpec[] {
  const lists = (['configType', 'status', 'health'] as const).flatMap((param) => {
    const values = parseList(state[param]);
    return values.map((item) => ({
      key: `${param}:${item.value}`,
      label: `${param === 'configType' ? 'type' : param}: ${item.value}`,
      exclude: !item.include,
      patch: { [param]: encodeList(values.filter((v) => v.value !== item.value)) },
    }));
  });
  const tags = parseTags(state.tags).map((tag, index, all) => ({
    key: `tag:${tag.key}:${tag.value}`,
    label: `${tag.key}: ${tag.value}`,
    exclude: !tag.include,
    patch: { tags: encodeTags(all.filter((_, at) => at !== index)) },
  }));
  const labels = parseLabels(state.labels).map((label, index, all) => ({
    key: `label:${label.key}:${label.value}`,
    label: `${label.key}: ${label.value}`,
    exclude: !label.include,
    patch: { labels: encodeLabels(all.filter((_, at) => at !== index)) },
  }));
  return [...lists, ...tags, ...labels];
}
