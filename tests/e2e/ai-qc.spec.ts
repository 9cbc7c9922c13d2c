import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits, toPersianDigits } from '../support/digits';
import { signIn } from '../support/auth';
import { gatewayCall, gatewayToken } from '../support/gateway';
import { chooseOption } from '../support/select';
import { lookAt } from '../support/shots';

// AI quality control (issue 33, decision 116): the producing model (outside the panel, through the
// gateway with its service account) submits two texts about an inspection order, one typed with
// Arabic letters; a reviewer works the queue of that model: opens the first, sees it normalised,
// edits it in place and approves it, is offered the next waiting text, is refused rejecting it
// without a reason, rejects it with one, and finds the approved text with its word diff in the
// list. The spec acts only on the texts it submits, under a model name of its own.

const MACHINE = 'خودروی پژو ۲۰۶ در بازديد كارشناسي بررسی شد. بدنه بدون رنگ‌شدگی است و موتور بسیار خوب کار می‌کند. لاستیک‌ها حدود ۷۰ درصد آج دارند.';
const EDITED = 'خودروی پژو ۲۰۶ در بازدید کارشناسی بررسی شد. بدنه بدون رنگ‌شدگی است و موتور خوب کار می‌کند. لاستیک‌ها حدود ۷۰ درصد آج دارند. کیلومترشمار با سوابق سرویس همخوانی دارد.';
const SECOND = 'فرصتی بی‌نظیر و طلایی! این پژو ۲۰۶ را همین امروز بخرید، چون هرگز تکرار نمی‌شود.';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('a reviewer edits a waiting text and approves it, sees the word diff and the history, and a reject needs a reason', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A model of its own, in letters: the model filter's select shows the name as it is (a Latin code).
  const model = `spec-summarizer-${String(Date.now() % 1_000_000).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const pipeline = await gatewayToken('ai-pipeline', ['backoffice#staff']);
  const orders = await gatewayCall<{ results: { pk: number }[] }>(request, pipeline, 'GET', '/api/inspection/orders?state=&pageSize=1');
  const subject = orders.results[0]!.pk;
  const submit = (text: string) => gatewayCall<{ data: { text: { id: number } } }>(request, pipeline, 'POST', '/api/ai-qc/', { kind: 'report_summary', model, subject_id: subject, text }, 201);
  const first = (await submit(MACHINE)).data.text.id;
  const second = (await submit(SECOND)).data.text.id;

  // The queue of this model: waiting texts, oldest first.
  await page.goto(`/panel/ai-qc?model=${model}`);
  await expect(page.getByRole('heading', { level: 1, name: 'کنترل کیفیت متن‌های هوشمند' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'متن‌های هوشمند' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(toPersianDigits(first));
  await expectPersianDigits(page, 'the queue');
  await expectAccessible(page, 'the queue');
  await lookAt(page, 'ai-qc-queue');

  // The first text, normalised on save (Arabic ي/ك as Persian ی/ک).
  await rows.nth(1).click();
  const drawer = page.getByRole('dialog', { name: `متن ${toPersianDigits(first)}` });
  await expect(drawer.getByRole('region', { name: 'متن مدل' })).toContainText('در بازدید کارشناسی بررسی شد.');
  await expectAccessible(page, 'the text drawer');
  await lookAt(page, 'ai-qc-drawer');

  // Edit in place: the diff shows as it is typed; approve the edit.
  await drawer.getByRole('button', { name: 'ویرایش و تأیید' }).click();
  const editor = drawer.getByRole('textbox', { name: 'متن ویرایش‌شده' });
  await expect(editor).toHaveValue(MACHINE.replace('بازديد كارشناسي', 'بازدید کارشناسی'));
  await editor.fill(EDITED);
  const preview = drawer.getByRole('group', { name: 'پیش‌نمایش تغییرات' });
  await expect(preview.locator('del')).toContainText('بسیار');
  await expect(preview.locator('ins')).toContainText('کیلومترشمار');
  await expectAccessible(page, 'the edit in the drawer');
  await lookAt(page, 'ai-qc-edit');
  await drawer.getByRole('button', { name: 'تأیید متن ویرایش‌شده' }).click();
  await expect(page.getByText('متن ویرایش و تأیید شد.')).toBeVisible();
  await expect(drawer.getByText('تأییدشده').first()).toBeVisible();
  const diff = drawer.getByRole('group', { name: 'تغییرات متن مدل تا متن تأییدشده' });
  await expect(diff.locator('del')).toContainText('حذف‌شده: بسیار');
  await expect(diff.locator('ins')).toContainText('افزوده: کیلومترشمار');
  await expect(drawer.getByRole('region', { name: 'متن تأییدشده' })).toContainText('موتور خوب کار می‌کند.');
  await expect(drawer.getByText('ویرایش و تأیید: در انتظار بررسی ← تأییدشده')).toBeVisible();
  await expect(drawer.getByText(/^تغییر ۱۳٪ واژه‌ها/)).toBeVisible();
  await expectPersianDigits(page, 'the approved text');

  // The queue offers the next waiting text; rejecting it needs a reason of the list.
  const queue = drawer.getByRole('region', { name: 'صف بررسی' });
  await expect(queue).toContainText(`متن بعدی در صف: شماره ${toPersianDigits(second)}`);
  await queue.getByRole('button', { name: 'بررسی متن بعدی' }).click();
  const next = page.getByRole('dialog', { name: `متن ${toPersianDigits(second)}` });
  await next.getByRole('button', { name: 'رد متن' }).click();
  const reject = page.getByRole('dialog', { name: 'رد متن' });
  await reject.getByRole('button', { name: 'رد متن' }).click();
  await expect(reject.getByText('دلیل رد را انتخاب کنید.')).toBeVisible();
  await expectAccessible(page, 'the reject dialog refused');
  await lookAt(page, 'ai-qc-reject');
  await chooseOption(page, 'دلیل رد', 'لحن نامناسب یا تبلیغاتی');
  await reject.getByRole('button', { name: 'رد متن' }).click();
  await expect(page.getByText('متن رد شد.')).toBeVisible();
  await expect(next.getByRole('region', { name: 'صف بررسی' })).toContainText('متن دیگری در انتظار بررسی نیست.');
  await expect(next.getByText('رد متن: در انتظار بررسی ← ردشده')).toBeVisible();
  await next.getByRole('button', { name: 'بستن' }).click();
  await expect(page.getByText('متنی در این فهرست نیست.')).toBeVisible();

  // The approved and edited texts of the model: the word diff and the change in the list.
  await page.goto(`/panel/ai-qc?model=${model}&state=approved&edited=true`);
  const approved = page.getByRole('table', { name: 'متن‌های هوشمند' }).getByRole('row');
  await expect(approved).toHaveCount(2);
  await expect(approved.nth(1).locator('del')).toContainText('بسیار');
  await expect(approved.nth(1)).toContainText('ویرایش‌شده: ۱۳٪ واژه‌ها');
  await expectPersianDigits(page, 'the approved list');
  await expectAccessible(page, 'the approved list');
  await lookAt(page, 'ai-qc-approved');
});
