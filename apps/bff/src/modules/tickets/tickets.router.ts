import { router } from '../../trpc';

export const ticketsRouter = router({});
