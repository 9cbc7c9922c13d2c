import { useEffect, useMemo, useState } from 'react';
import { Checkbox, Combobox, Text, createListCollection } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, formatToman, toLatinDigits, toPersianDigits } from '@panel/contracts/common';
import { filterOrderOptionsByCode, type Cell, type OrderCandidate } from '@panel/contracts/dispatch';
import { trpc } from '../../../lib/trpc';
import type { CellStore } from '../state/cell-store';

function orderLabel(o: OrderCandidate): string {
  return `${toPersianDigits(o.code)} · ${toPersianDigits(o.brand_model)} · ${formatToman(o.price)}`;
}

/**
 * Orders of `offered` that the live stream has since put on some cell: another dispatcher took
 * them. Each hit also refetches `queryKey`, so the list converges on the server's.
 */
function useOrdersTakenLive(store: CellStore, offered: readonly OrderCandidate[] | undefined, queryKey: readonly unknown[]): ReadonlySet<number> {
  const queryClient = useQueryClient();
  const [taken, setTaken] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(() => {
    if (!offered?.length) return;
    const pks = new Set(offered.map((o) => o.pk));
    return store.subscribeAll((keys) => {
      const hits = keys.flatMap((key) => {
        const pk = store.get(key)?.inspection?.pk;
        return pk !== undefined && pks.has(pk) ? [pk] : [];
      });
      if (hits.length === 0) return;
      setTaken((before) => new Set([...before, ...hits]));
      void queryClient.invalidateQueries({ queryKey });
    });
  }, [store, offered, queryKey, queryClient]);
  return taken;
}

/** The order a cell's form picks, among the orders it may take (fetched while `enabled`). */
export function useOrderChoice(store: CellStore, cell: Cell, enabled: boolean) {
  const [allCities, setAllCities] = useState(false);
  const [typed, setTyped] = useState('');
  const [orderPk, setOrderPk] = useState<number | null>(null);

  // The expert's city by default; every order without expert of the shift on demand (spec §7's
  // "unassigned inspections by shift and expert").
  const cellOrders = { shiftId: cell.shift_id, expertId: cell.expert_id };
  const cityOrders = useQuery({ ...trpc.dispatch.orders.queryOptions(cellOrders), enabled: enabled && !allCities });
  const shiftOrders = useQuery({ ...trpc.dispatch.unassigned.queryOptions(cellOrders), enabled: enabled && allCities });
  const orders = allCities ? shiftOrders : cityOrders;
  const ordersKey = useMemo(() => {
    const input = { shiftId: cell.shift_id, expertId: cell.expert_id };
    return allCities ? trpc.dispatch.unassigned.queryKey(input) : trpc.dispatch.orders.queryKey(input);
  }, [allCities, cell.shift_id, cell.expert_id]);
  const taken = useOrdersTakenLive(store, orders.data, ordersKey);
  const available = useMemo(() => (orders.data ?? []).filter((o) => !taken.has(o.pk)), [orders.data, taken]);
  const options = useMemo(() => filterOrderOptionsByCode(available, typed), [available, typed]);
  const collection = useMemo(
    () => createListCollection({ items: options, itemToString: (o) => o.code, itemToValue: (o) => String(o.pk) }),
    [options],
  );
  const chosen = available.find((o) => o.pk === orderPk);
  // The picked order went to another cell meanwhile: say so instead of offering to save it,
  // whether the live stream told us first or a refetch (after a refused save) left it out.
  const lostChoice = orderPk !== null && !chosen && orders.data !== undefined;
  return { allCities, setAllCities, typed, setTyped, orderPk, setOrderPk, orders, collection, chosen, lostChoice };
}

export type OrderChoice = ReturnType<typeof useOrderChoice>;

/** The order code picker and its "every city of the shift" switch. */
export function OrderPicker({
  choice,
  disabled,
  replacing,
  onPicked,
}: {
  choice: OrderChoice;
  disabled: boolean;
  replacing: boolean;
  onPicked: (order: OrderCandidate | undefined) => void;
}) {
  const { allCities, setAllCities, typed, setTyped, orderPk, setOrderPk, orders, collection } = choice;
  return (
    <>
      <Combobox.Root
        collection={collection}
        inputValue={toPersianDigits(typed)}
        onInputValueChange={(e) => setTyped(toLatinDigits(e.inputValue))}
        value={orderPk === null ? [] : [String(orderPk)]}
        onValueChange={(e) => {
          const pk = e.value[0] ? Number(e.value[0]) : null;
          setOrderPk(pk);
          onPicked(orders.data?.find((o) => o.pk === pk));
        }}
        disabled={disabled}
        openOnClick
        size="sm"
      >
        <Combobox.Label>{replacing ? 'جایگزینی با سفارش' : 'کد سفارش'}</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder="کد سفارش را وارد کنید" dir="ltr" textAlign="end" />
          <Combobox.IndicatorGroup>
            <Combobox.ClearTrigger aria-label="پاک کردن کد سفارش" />
            <Combobox.Trigger aria-label="نمایش سفارش‌ها" />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Combobox.Positioner>
          <Combobox.Content maxH="16rem" overflowY="auto">
            {orders.isPending ? (
              <Text p="2" fontSize="sm">
                {MESSAGES.loading}
              </Text>
            ) : (
              <Combobox.Empty>{MESSAGES.noOrdersFound}</Combobox.Empty>
            )}
            {collection.items.map((o) => (
              <Combobox.Item item={o} key={o.pk}>
                <Combobox.ItemText>{orderLabel(o)}</Combobox.ItemText>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      <Checkbox.Root
        size="sm"
        checked={allCities}
        disabled={disabled}
        onCheckedChange={(e) => {
          setAllCities(e.checked === true);
          setOrderPk(null);
        }}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>همه سفارش‌های بدون کارشناس این شیفت (همه شهرها)</Checkbox.Label>
      </Checkbox.Root>
    </>
  );
}
