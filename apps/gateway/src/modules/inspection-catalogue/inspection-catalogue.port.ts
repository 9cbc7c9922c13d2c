import type { CataloguePort } from '../../deps';
import { lockQuote, quote } from './quote.service';

/** What the catalogue does for other modules (decision 033): every price of the panel is its quote. */
export function cataloguePort(): CataloguePort {
  return { quote: (q, request) => quote(q, request), lock: lockQuote };
}
