import type { UseQueryOptions } from '@tanstack/react-query';

/**
 * A tRPC procedure's query options (`trpc.x.y.queryOptions(input)`), as to what they answer: their
 * error and key types are the client's own and vary by procedure, so they are left open here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tRPC's per-procedure error and key types (see above)
export type Open = any;
export type PanelQuery<T> = UseQueryOptions<T, Open, T, Open>;
