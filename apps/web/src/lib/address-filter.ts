import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { QueryRecord } from '@panel/contracts/common';
import { recordToSearchParams, searchParamsToRecord } from '@panel/ui';

/** What `defineListFilter` of the contracts gives a list: the one path between a filter and the address. */
export interface AddressFilterKit<Filter, Input> {
  defaults: Filter;
  toQuery: (filter: Input) => QueryRecord;
  parse: (record: QueryRecord) => { value: Filter; dropped: string[] };
}

/** The filter of an address, with the keys a damaged or stale link had wrong. */
export function readAddressFilter<F, I>(kit: AddressFilterKit<F, I>, params: URLSearchParams): { filter: F; dropped: string[] } {
  const { value, dropped } = kit.parse(searchParamsToRecord(params));
  return { filter: value, dropped };
}

/** The address of a filter: defaults left out and keys sorted, so one view has one address. */
export function addressOf<F, I>(kit: AddressFilterKit<F, I>, filter: I): URLSearchParams {
  return recordToSearchParams(kit.toQuery(filter));
}

/**
 * The address a change of the filter leads to from `current` (page 1 unless it names a page), or
 * null when it is the address already shown: applying the same value twice (Enter, then leaving
 * the field, before the list has re-rendered) is not a second view, so Back never stays put.
 */
export function nextAddress<F, I>(kit: AddressFilterKit<F, I>, current: URLSearchParams, patch: I): URLSearchParams | null {
  // A keyset cursor (`after`, decision 123) belongs to the one page it was answered for.
  const next = addressOf(kit, { ...readAddressFilter(kit, current).filter, page: 1, after: undefined, ...patch } as unknown as I);
  return next.toString() === current.toString() ? null : next;
}

/**
 * A list's filter, living in the address (spec §2): read with the contract's kit, a change is a
 * new history entry (back and forward walk the views) and goes back to page 1 unless it names a
 * page; `dropped` is non-empty when a shared link had values the kit refused.
 */
export function useAddressFilter<F extends object, I extends object>(kit: AddressFilterKit<F, I>) {
  const [params, setParams] = useSearchParams();
  const { filter, dropped } = useMemo(() => readAddressFilter(kit, params), [kit, params]);
  const update = useCallback(
    (patch: I) => {
      // Read from the address at the moment of the change: the router renders navigations in a
      // transition, so this render's `filter` may already be one change behind.
      const next = nextAddress(kit, new URLSearchParams(window.location.search), patch);
      if (next) setParams(next);
    },
    [kit, setParams],
  );
  // The defaults' own address: empty, unless the kit keeps some keys in it (`alwaysInAddress`).
  const reset = useCallback(() => setParams(addressOf(kit, kit.defaults as unknown as I)), [kit, setParams]);
  return { filter, dropped, update, reset };
}
