import { TRPCClientError } from '@trpc/client';
import { toPersianText } from '@panel/contracts/common/plain';

export const CONNECTION_MESSAGE = 'ارتباط با سرور برقرار نشد. لطفا دوباره تلاش کنید.';

/**
 * The Persian message the BFF put on a failed call (spec §8), its numbers in Persian digits: the
 * gateway writes counts into its messages in Latin digits. Latin codes (tokens, identifiers) in it
 * stay as they are, since a copied code must exist (issue 28, defect 5). A call that never got an answer
 * (network down, BFF stopped: the browser's own "Failed to fetch") gets the connection message.
 */
export function userMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    if (!error.shape) return CONNECTION_MESSAGE;
    if (typeof error.message === 'string' && error.message) return toPersianText(error.message);
  }
  return 'ظاهرا مشکلی پیش آمده است.';
}
