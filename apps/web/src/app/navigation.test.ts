import { describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { NAV_GROUPS, NAV_ITEMS, areaOf, navItemOf, visibleGroups } from './navigation';

describe('sidebar table', () => {
  it('has every page of spec §2 once, in eight groups', () => {
    expect(NAV_GROUPS).toHaveLength(8);
    expect(NAV_ITEMS).toHaveLength(42);
    expect(new Set(NAV_ITEMS.map((item) => item.path)).size).toBe(42);
    expect(navItemOf('/panel/pricing-order-list')?.href).toBe('/panel/pricing-order-list?page=1&status=PE');
  });

  it('shows a user without the staff role only the four pages open to everyone', () => {
    const paths = visibleGroups([ROLES.follower]).flatMap((group) => group.items.map((item) => item.path));
    expect(paths).toEqual(['/panel/inspection/orders', '/panel/inspection/assistant', '/panel/originality-mapping', '/panel/sms']);
    expect(visibleGroups([ROLES.staff]).flatMap((group) => group.items)).toHaveLength(42);
  });

  it('shows a sales expert the concierge sale pages they work in (issue 15)', () => {
    const paths = visibleGroups([ROLES.salesExpert]).flatMap((group) => group.items.map((item) => item.path));
    expect(paths).toEqual(expect.arrayContaining(['/panel/concierge-sale', '/panel/sell-assisstant/submit-order', '/panel/deals']));
    expect(paths).not.toContain('/panel/concierge-sale/offer-monitoring');
  });

  it('sorts paths into the three access areas of spec §2', () => {
    expect(areaOf('/auth')).toBe('auth');
    expect(areaOf('/x/auth/y')).toBe('auth');
    expect(areaOf('/panel/inspection/orders')).toBe('panel');
    expect(areaOf('/')).toBe('public');
    expect(areaOf('/about')).toBe('public');
  });

  it('finds the page of a path with or without a trailing slash', () => {
    expect(navItemOf('/panel/sms/')?.title).toBe('پنل پیامک');
    expect(navItemOf('/panel/inspection/orders/123')).toBeUndefined();
  });
});
