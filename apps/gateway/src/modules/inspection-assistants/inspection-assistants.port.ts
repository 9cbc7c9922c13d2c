import type { AssistantsPort } from '../../deps';
import { assignNewOrder } from './turns';

/** What inspection-orders asks of turn-assign (decision 033): the next assistant of a new order, in its transaction. */
export function assistantsPort(): AssistantsPort {
  return { assignNewOrder };
}
