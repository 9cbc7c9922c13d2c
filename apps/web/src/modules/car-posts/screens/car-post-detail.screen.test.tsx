import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ROLES, type ActionLogEntry } from '@panel/contracts/common';
import type { CarPostDetail } from '@panel/contracts/car-posts';
import { answerTrpc, renderScreen, sessionAnswer, type Answers } from '../../../lib/testing';
import { CarPostDetailScreen } from './car-post-detail.screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const post: CarPostDetail = {
  id: 12,
  state: 'pending',
  version: 3,
  created_at: '2025-03-18T09:12:44.512+03:30',
  submitted_at: '2025-03-18T09:12:44.512+03:30',
  car_post_link: 'https://example.ir/car/ab12cd',
  car_post_type: 'direct',
  car_post_type_fa: 'آگهی شخصی',
  sales_expert_name: null,
  owner_name: 'نیما شریفی',
  sales_expert_phone_number: null,
  owner_phone_number: '09351112233',
  car_images: [],
  model_id: 40,
  brand_model: 'تویوتا کمری',
  year: 2018,
  usage: 86000,
  color: 'سفید',
  gearbox: 'اتوماتیک',
  document: 'سند تک برگ',
  body_status: 'بدون رنگ',
  third_party_insurance_deadline: '2025-10-23',
  city_id: 1,
  city: 'تهران',
  price: 2_850_000_000,
  is_discounted: false,
  discounted_price: null,
  title: 'تویوتا کمری ۲۰۱۸ بدون رنگ',
  description: '',
  concierge_sale_id: null,
  concierge_sale_url: null,
  token: 'ab12cd',
  license_plate_code: null,
  vin: null,
  versions: [
    {
      version: 3,
      created_at: '2025-03-20T10:00:00.000Z',
      editor: 'سارا محمدی',
      reason: 'فروش خودرو',
      changes: { owner_name: { from: 'علی رضایی', to: 'نیما شریفی' }, owner_phone_number: { from: '09121234567', to: '09351112233' } },
    },
  ],
  inspection_token: null,
  originality_label: null,
};

const ownershipChange: ActionLogEntry = {
  id: 41,
  action: 'change_ownership',
  from_state: 'pending',
  to_state: 'pending',
  actor_username: 'staff',
  actor_fullname: 'سارا محمدی',
  reason: 'فروش خودرو',
  at: '2025-03-20T10:00:00.000Z',
};

const answers = (extra: Answers = {}): Answers => ({
  'carPosts.detail': { data: post },
  'carPosts.neighbours': { data: { previous: null, next: null } },
  'carPosts.history': { data: [ownershipChange] },
  'carPosts.feedback': { data: [] },
  'carPosts.rejectionReasons': { data: [{ id: 1, title: 'قیمت غیرواقعی' }] },
  'carPosts.editReasons': { data: [{ id: 7, title: 'کارکرد خودرو را اصلاح کنید' }] },
  'auth.session': sessionAnswer([ROLES.staff]),
  ...extra,
});
const at = { path: `/panel/car-posts/${post.id}`, route: '/panel/car-posts/:id' };

describe('CarPostDetailScreen', () => {
  it('shows the third-party insurance deadline as a Jalali day with the months left', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-21T08:00:00Z'), toFake: ['Date'] });
    answerTrpc(answers());
    renderScreen(<CarPostDetailScreen />, at);
    const papers = await screen.findByRole('region', { name: 'مدارک و بیمه' });
    expect(within(papers).getByText('مهلت بیمه شخص ثالث').parentElement?.textContent).toBe('مهلت بیمه شخص ثالث۱۴۰۴/۰۸/۰۱ (۷ ماه مانده)');
  });

  it('tells an ownership change in its history from the old owner to the new, by name and phone', async () => {
    answerTrpc(answers());
    renderScreen(<CarPostDetailScreen />, at);
    const history = await screen.findByRole('region', { name: 'تاریخچه آگهی' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(1));
    const [entry] = within(history).getAllByRole('listitem');
    expect(entry!.textContent).toContain('تغییر مالکیت');
    expect(entry!.textContent).toContain('از علی رضایی (۰۹۱۲۱۲۳۴۵۶۷) به نیما شریفی (۰۹۳۵۱۱۱۲۲۳۳)');
    expect(entry!.textContent).toContain('فروش خودرو');
  });

  it('asks before approving, as before rejecting: A opens the confirmation, and nothing is published until it is confirmed', async () => {
    const { calls } = answerTrpc(answers({ 'carPosts.approve': { data: { id: post.id, state: 'published', version: 4, message: 'آگهی تأیید و منتشر شد.' } } }));
    renderScreen(<CarPostDetailScreen />, at);
    await screen.findByRole('button', { name: /تأیید و انتشار/ });
    fireEvent.keyDown(document.body, { code: 'KeyA', key: 'a' });
    const dialog = await screen.findByRole('alertdialog', { name: 'تأیید و انتشار' });
    expect(dialog.textContent).toContain('منتشر شود؟');
    // (That the confirm button has the focus, so A then Enter approves, needs a browser's layout: e2e car-posts.)
    expect(calls.some((c) => c.path === 'carPosts.approve')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأیید و انتشار' }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'carPosts.approve').map((c) => c.input)).toEqual([{ id: post.id, version: post.version }]));
  });

  it('the approve button asks too, and cancelling publishes nothing', async () => {
    const { calls } = answerTrpc(answers());
    renderScreen(<CarPostDetailScreen />, at);
    fireEvent.click(await screen.findByRole('button', { name: /تأیید و انتشار/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'تأیید و انتشار' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.path === 'carPosts.approve')).toBe(false);
  });
});
