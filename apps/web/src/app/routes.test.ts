import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { NAV_ITEMS } from './navigation';
import { moduleRoutes } from './routes';

describe('the panel routes', () => {
  it('give every page of the sidebar a module screen of its own (none falls to "page not found")', () => {
    const paths = new Set(moduleRoutes.map((route) => route.path));
    expect(NAV_ITEMS.filter((item) => !paths.has(item.path)).map((item) => item.path)).toEqual([]);
    for (const item of NAV_ITEMS) expect(matchRoutes(moduleRoutes, item.path)?.at(-1)?.route.path).toBe(item.path);
  });
});
