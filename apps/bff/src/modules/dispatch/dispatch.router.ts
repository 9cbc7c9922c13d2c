import { router } from '../../trpc';

export const dispatchRouter = router({});
