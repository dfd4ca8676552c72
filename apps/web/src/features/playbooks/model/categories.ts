/** What grouping and naming read of a playbook: a data API row or a list item. */
export interface CategorisedPlaybook {
  name: string;
  title?: string | null;
  category?: string | null;
  spec?: { title?: string | undefined; category?: string | undefined } | null | undefined;
}

export const defaultCategory = 'Other';

export interface PlaybookCategory<P> {
  name: string;
  playbooks: P[];
}

/** Cards grouped by category (default 'Other', spec 002 §2), categories and names A–Z, Other last. */
export function groupByCategory<P extends CategorisedPlaybook>(
  playbooks: readonly P[],
): PlaybookCategory<P>[] {
  const groups = new Map<string, P[]>();
  for (const playbook of playbooks) {
    const name = categoryOf(playbook);
    groups.set(name, [...(groups.get(name) ?? []), playbook]);
  }
  return [...groups.entries()]
    .map(([name, items]) => ({
      name,
      playbooks: items.toSorted((a, b) => displayName(a).localeCompare(displayName(b))),
    }))
    .toSorted((a, b) =>
      a.name === defaultCategory
        ? 1
        : b.name === defaultCategory
          ? -1
          : a.name.localeCompare(b.name),
    );
}

export function categoryOf(playbook: CategorisedPlaybook): string {
  const category = playbook.category ?? playbook.spec?.category ?? '';
  return category.trim() === '' ? defaultCategory : category.trim();
}

/** The title when the spec gives one, else the resource name. */
export function displayName(playbook: {
  name: string;
  title?: string | null;
  spec?: { title?: string | undefined } | null | undefined;
}): string {
  const title = playbook.title ?? playbook.spec?.title ?? '';
  return title.trim() === '' ? playbook.name : title;
}
