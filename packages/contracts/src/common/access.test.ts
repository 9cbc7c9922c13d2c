import { describe, expect, it } from 'vitest';
import { SIGNED_IN, STAFF, allows, defineAccess, roleRefusal } from './access';
import { ROLES } from './enums';
import { defineWorkflow } from './workflow';

const access = defineAccess({ read: SIGNED_IN, act: STAFF, price: [ROLES.priceExpert, ROLES.supervisor] });

const sale = defineWorkflow({
  noun: 'فروش',
  states: { open: 'باز', sold: 'فروخته شده' },
  roles: access.act,
  actions: {
    note: { label: 'یادداشت', from: ['open', 'sold'] },
    approve: { label: 'تأیید معامله', from: ['open'], to: 'sold', roles: [ROLES.supervisor] },
  },
});
const open = defineWorkflow({ noun: 'آگهی', states: { W: 'منتظر' }, actions: { note: { label: 'یادداشت', from: ['W'] } } });

describe('access table', () => {
  it('lets any signed-in user do an operation with an empty list', () => {
    expect(allows(access.read, [])).toBe(true);
    expect(allows(access.read, [ROLES.follower])).toBe(true);
  });

  it('needs one of the listed roles otherwise', () => {
    expect(allows(access.act, [ROLES.follower])).toBe(false);
    expect(allows(access.act, [ROLES.follower, ROLES.staff])).toBe(true);
    expect(allows(access.price, [ROLES.supervisor])).toBe(true);
    expect(allows(access.price, [ROLES.staff])).toBe(false);
  });

  it('refuses in Persian, naming the action and the roles', () => {
    expect(roleRefusal('تأیید معامله', [ROLES.supervisor])).toBe('«تأیید معامله» فقط از سرپرست برمی‌آید.');
    expect(roleRefusal('قیمت‌گذاری', access.price)).toBe('«قیمت‌گذاری» فقط از کارشناس قیمت یا سرپرست برمی‌آید.');
  });
});

describe('workflow action roles', () => {
  it("takes an action's own roles, else the workflow's, else none", () => {
    expect(sale.rolesOf('approve')).toEqual([ROLES.supervisor]);
    expect(sale.rolesOf('note')).toEqual([ROLES.staff]);
    expect(open.rolesOf('note')).toEqual([]);
  });

  it('permits by the roles held and refuses the rest in Persian', () => {
    expect(sale.permits('approve', [ROLES.staff])).toBe(false);
    expect(sale.permits('approve', [ROLES.staff, ROLES.supervisor])).toBe(true);
    expect(sale.permits('note', [ROLES.staff])).toBe(true);
    expect(open.permits('note', [])).toBe(true);
    expect(sale.roleRefusal('approve', [ROLES.staff])).toBe('«تأیید معامله» فقط از سرپرست برمی‌آید.');
    expect(sale.roleRefusal('note', [ROLES.staff])).toBeUndefined();
  });
});
