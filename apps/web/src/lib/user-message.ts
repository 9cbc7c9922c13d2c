import { TRPCClientError } from '@trpc/client';
import { toPersianDigits } from '@panel/contracts/common';

export const CONNECTION_MESSAGE = 'ارتباط با سرور برقرار نشد. لطفا دوباره تلاش کنید.';

/**
 * The Persian message the BFF put on a failed call (spec §8), its digits in Persian: the
 * gateway writes codes and counts into its messages in Latin digits. A call that never got an answer
 * (network down, BFF stopped: the browser's own "Failed to fetch") gets the connection message.
 */
export function userMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    if (!error.shape) return CONNECTION_MESSAGE;
    if (typeof error.message === 'string' && error.message) return toPersianDigits(error.message);
  }
  return 'ظاهرا مشکلی پیش آمده است.';
}
