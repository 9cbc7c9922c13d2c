import { describe, expect, it } from 'vitest';
import { categoryLabels } from './category-tree';

const row = (id: number, name: string, parent_id: number | null, position: number) => ({ id, name, parent_id, position, content_count: 0, version: 0 });

describe('the category tree lines', () => {
  it('gives each category its depth, its path and whether it is first or last among its siblings', () => {
    const lines = categoryLabels([row(1, 'اخبار', null, 0), row(3, 'بازار', 1, 0), row(4, 'واردات', 1, 1), row(2, 'راهنما', null, 1)]);
    expect(lines.map((l) => [l.label, l.depth, l.first, l.last])).toEqual([
      ['اخبار', 0, true, false],
      ['اخبار › بازار', 1, true, false],
      ['اخبار › واردات', 1, false, true],
      ['راهنما', 0, false, true],
    ]);
  });
});
