import type { QueryRecord } from '@panel/contracts/common';
import type { AddressFilterKit } from '../../../lib/address-filter';

/**
 * A list kit whose address also carries keys outside its filter (the SMS panel's tab): the
 * filter reads its own keys, and every address it writes keeps `extra`.
 */
export function withAddressKeys<F, I>(kit: AddressFilterKit<F, I>, extra: QueryRecord): AddressFilterKit<F, I> {
  return { ...kit, toQuery: (filter) => ({ ...kit.toQuery(filter), ...extra }) };
}
