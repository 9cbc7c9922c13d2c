import type { CmsCategory } from '@panel/contracts/cms';

export interface CategoryLine extends CmsCategory {
  depth: number;
  /** The name under its parents' names, as a picker shows it. */
  label: string;
  first: boolean;
  last: boolean;
}

/**
 * The gateway's categories (parents first, siblings in order) as lines of the tree: each with its
 * depth, its full path, and whether it is its parent's first or last child (the reorder buttons).
 */
export function categoryLabels(categories: readonly CmsCategory[]): CategoryLine[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path = (c: CmsCategory): string[] => (c.parent_id === null || !byId.has(c.parent_id) ? [c.name] : [...path(byId.get(c.parent_id)!), c.name]);
  const siblings = (c: CmsCategory) => categories.filter((s) => s.parent_id === c.parent_id);
  return categories.map((c) => {
    const names = path(c);
    const around = siblings(c);
    return { ...c, depth: names.length - 1, label: names.join(' › '), first: around[0]?.id === c.id, last: around.at(-1)?.id === c.id };
  });
}
