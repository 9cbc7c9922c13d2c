import { router } from '../../trpc';

export const inspectionOrdersRouter = router({});
