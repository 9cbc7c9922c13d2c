import type { IconType } from 'react-icons';
import {
  LuBriefcaseBusiness,
  LuCar,
  LuClipboardList,
  LuScrollText,
  LuFileText,
  LuHandCoins,
  LuLayoutGrid,
  LuSettings2,
  LuUsers,
} from 'react-icons/lu';
import { AUTH_PATH, PRICING_LIST_DEFAULT_QUERY, PRICING_LIST_PATH, SIGNED_IN, STAFF } from '@panel/contracts/common/plain';
import { CONCIERGE_SALE_ACCESS } from '@panel/contracts/concierge-sale/access';

export interface NavItem {
  /** The route path; also the link unless `href` adds a query. */
  path: string;
  href: string;
  title: string;
  /** Spec §6: any one of these roles shows the item; an empty list shows it to everyone signed in. */
  roles: readonly string[];
}

export interface NavGroup {
  key: string;
  title: string;
  icon: IconType;
  items: NavItem[];
}

const ANYONE = SIGNED_IN;
/** The concierge sale's team (issue 15, its access table): sales experts work on their own sales there too. */
const SALES_TEAM = CONCIERGE_SALE_ACCESS.work;

const item = (path: string, title: string, roles: readonly string[] = STAFF, href = path): NavItem => ({ path, href, title, roles });

const pricingQuery = new URLSearchParams(
  Object.entries(PRICING_LIST_DEFAULT_QUERY).map(([key, value]) => [key, String(value)]),
).toString();

/** The sidebar table of spec §2, in its order. */
export const NAV_GROUPS: NavGroup[] = [
  {
    key: 'inspection',
    title: 'خدمات کارشناسی',
    icon: LuClipboardList,
    items: [
      item('/panel/inspection/orders', 'لیست سفارش‌ها', ANYONE),
      item('/panel/inspection/orders/submit', 'ثبت درخواست تلفنی'),
      item('/panel/inspection/offers/list', 'لیست پیشنهادها'),
      item('/panel/inspection/offer-monitoring', 'پایش پیشنهادها'),
      item('/panel/inspection/orders/management', 'میز تخصیص کارشناسان'),
      item('/panel/inspection/reserves', 'رزروها'),
      item('/panel/inspection/tickets', 'تیکت‌ها'),
      // Spec §6 "inspection admin": the assistants page is where inspection is administered.
      item('/panel/inspection/assistant', 'ادمین کارشناسی', ANYONE),
      item('/panel/inspection/qc-assistants', 'دستیاران کنترل کیفیت'),
      item('/panel/inspection/pricing-assistants', 'دستیاران قیمت‌گذاری'),
    ],
  },
  {
    key: 'car-sale',
    title: 'خدمات فروش خودرو',
    icon: LuCar,
    items: [
      item('/panel/concierge-sale', 'فروش همراه', SALES_TEAM),
      item('/panel/sell-assisstant/submit-order', 'ثبت سفارش دستیار فروش', SALES_TEAM),
      item(PRICING_LIST_PATH, 'سفارش‌های قیمت‌گذاری', STAFF, `${PRICING_LIST_PATH}?${pricingQuery}`),
      item('/panel/concierge-sale/offer-monitoring', 'پایش پیشنهادهای فروش همراه'),
      item('/panel/divar-token', 'توکن دیوار'),
      item('/panel/originality-mapping', 'نگاشت اصالت', ANYONE),
      item('/panel/sell-tickets', 'تیکت‌های فروش'),
      item('/panel/car-posts', 'آگهی‌های خودرو'),
    ],
  },
  {
    key: 'leasing',
    title: 'لیزینگ',
    icon: LuHandCoins,
    items: [
      item('/panel/leasing-order', 'ثبت سفارش لیزینگ'),
      item('/panel/leasing/orders', 'سفارش‌های لیزینگ'),
      item('/panel/leasing/claims', 'مطالبات لیزینگ'),
    ],
  },
  {
    key: 'report',
    title: 'مدیریت گزارش کارشناسی',
    icon: LuFileText,
    items: [
      item('/panel/inspection/schema', 'اسکیماهای کارشناسی'),
      item('/panel/inspection/schema/add', 'افزودن اسکیما'),
      item('/panel/inspection/schema/bmt', 'اسکیمای برند و مدل'),
      item('/panel/cms', 'مدیریت محتوا'),
      item('/panel/cms/category-manage', 'مدیریت دسته‌بندی محتوا'),
    ],
  },
  {
    key: 'inspection-management',
    title: 'مدیریت کارشناسی',
    icon: LuSettings2,
    items: [item('/panel/settings/inspection', 'تنظیمات سهم کارشناس'), item('/panel/notification', 'پیام به کارشناسان')],
  },
  {
    key: 'affidavit',
    title: 'قولنامه',
    icon: LuScrollText,
    items: [item('/panel/affidavit', 'لیست قولنامه‌ها'), item('/panel/affidavit/add', 'ثبت قولنامه')],
  },
  {
    key: 'experts',
    title: 'کارشناسان و دستیاران',
    icon: LuUsers,
    items: [
      item('/panel/accounting/payments', 'پرداخت‌های کارشناسان'),
      item('/panel/experts/list', 'لیست کارشناسان'),
      item('/panel/experts/tickets', 'تیکت‌های کارشناسان'),
    ],
  },
  {
    key: 'general',
    title: 'عمومی',
    icon: LuLayoutGrid,
    items: [
      item('/panel/sms', 'پنل پیامک', ANYONE),
      item('/panel/discount', 'کدهای تخفیف'),
      item('/panel/accounting/transactions', 'تراکنش‌ها'),
      item('/panel/car-detail', 'جزئیات خودرو'),
      item('/panel/car-info', 'اطلاعات خودرو'),
      item('/panel/ai-qc', 'کنترل کیفیت هوشمند'),
      item('/panel/nps', 'نظرسنجی رضایت (NPS)'),
      item('/panel/brand-model-management', 'مدیریت برند و مدل'),
      item('/panel/deals', 'معاملات', SALES_TEAM),
    ],
  },
];

export const NAV_ITEMS: NavItem[] = NAV_GROUPS.flatMap((group) => group.items);

export const canSee = (navItem: Pick<NavItem, 'roles'>, roles: readonly string[]) =>
  navItem.roles.length === 0 || navItem.roles.some((role) => roles.includes(role));

/** The groups and items a user with `roles` sees; empty groups are dropped. */
export function visibleGroups(roles: readonly string[]): NavGroup[] {
  return NAV_GROUPS.map((group) => ({ ...group, items: group.items.filter((navItem) => canSee(navItem, roles)) })).filter(
    (group) => group.items.length > 0,
  );
}

/** The sidebar item of a path, if the path is one of the sidebar's pages. */
export function navItemOf(pathname: string): NavItem | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return NAV_ITEMS.find((navItem) => navItem.path === path);
}

export type Area = 'auth' | 'panel' | 'public';

/** Spec §2: paths containing /auth are the sign-in area, /panel the panel, the rest public. */
export function areaOf(pathname: string): Area {
  if (pathname.includes(AUTH_PATH)) return 'auth';
  if (pathname.includes('/panel')) return 'panel';
  return 'public';
}

// The group that lists the whole panel is a briefcase in the rail's header.
export const PANEL_ICON = LuBriefcaseBusiness;
