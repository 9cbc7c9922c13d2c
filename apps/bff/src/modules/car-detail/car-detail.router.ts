import * as c from '@panel/contracts/car-detail';
import { gatewayProcedures, result } from '../../gateway/procedures';
import { router } from '../../trpc';

const { read } = gatewayProcedures(c.CAR_DETAIL_ACCESS, '/api/car-detail');

/** جزئیات خودرو: the procedures, each guarded by its line of the module's access table. */
export const carDetailRouter = router({
  /** One car's history from every module, by a plate, a post or sale token, or a VIN (decision 120). */
  lookup: read.get('/lookup/', c.CarLookupInputSchema, result(c.CarHistorySchema), {
    summary: 'یک خودرو با کد پلاک، توکن آگهی، توکن فروش همراه یا شماره شاسی، و همه آنچه بخش‌ها از آن می‌دانند در یک خط زمانی',
    example: { q: '22 ب 365 ایران 10' },
  }, { query: ({ q, kind }) => ({ q, kind: kind ?? 'auto' }) }),
});
