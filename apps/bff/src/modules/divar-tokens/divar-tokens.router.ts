import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/divar-tokens';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';

// The sidebar item needs backoffice#staff (spec §6); the sale team's staff read, link and unlink.
const { read, link } = gatewayProcedures(c.DIVAR_TOKENS_ACCESS, '/api/divar-tokens');
const changed = data(c.DivarTokenActionResultSchema);

export const divarTokensRouter = router({
  ...read.list('/', c.divarTokenListFilter, c.DivarTokenPageSchema, { list: 'فهرست توکن‌های دیوار با فیلترها و صفحه‌بندی', export: 'همه توکن‌های فیلترشده (تا سقف خروجی) برای CSV' }),
  lookup: read.get('/lookup/', c.DivarTokenLookupInputSchema, data(c.DivarTokenSchema.nullable()), 'جستجوی یک توکن دیوار و آنچه به آن متصل است'),
  detail: read.get('/:id/', c.DivarTokenIdInputSchema, c.DivarTokenSchema, 'یک توکن دیوار و اتصال آن'),
  history: read.get('/:id/history/', c.DivarTokenIdInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه اتصال و برداشتن اتصال یک توکن'),
  link: link.post('/link/', c.DivarLinkInputSchema, changed, 'اتصال توکن دیوار به آگهی خودرو یا فروش همراه'),
  unlink: link.post('/:id/unlink/', c.DivarUnlinkInputSchema, changed, 'برداشتن اتصال توکن دیوار با ذکر دلیل'),
});
