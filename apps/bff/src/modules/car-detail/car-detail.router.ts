import { CAR_DETAIL_ACCESS, CarHistorySchema, CarLookupInputSchema } from '@panel/contracts/car-detail';
import { procedureFor, router } from '../../trpc';
import * as service from './car-detail.service';

const read = procedureFor(CAR_DETAIL_ACCESS.read);

/** جزئیات خودرو: the procedures, each guarded by its line of the module's access table. */
export const carDetailRouter = router({
  lookup: read
    .meta({ summary: 'یک خودرو با کد پلاک، توکن آگهی، توکن فروش همراه یا شماره شاسی، و همه آنچه بخش‌ها از آن می‌دانند در یک خط زمانی', output: CarHistorySchema, example: { q: '22 ب 365 ایران 10' } })
    .input(CarLookupInputSchema)
    .query(({ ctx, input }) => service.lookupCar(ctx.gateway, input)),
});
