import { Suspense, lazy, useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Box, Button, Dialog, HStack, Heading, Stack, Switch, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PanelErrorBoundary } from '@panel/ui/error-boundary';
import { useSecondClock, type GridPosition } from '@panel/ui/grid';
import { notify } from '@panel/ui/toaster';
import { MESSAGES, formatTehranTime } from '@panel/contracts/common/plain';
import type { Expert, ShiftStatistics } from '@panel/contracts/dispatch';
import { trpc, trpcClient } from '../../../lib/trpc';
import { sessionQueryOptions } from '../../../lib/session';
import { useDispatchLive } from '../api/dispatch-live';
import { sheetDate, sheetQueries } from '../api/sheet-calls';
import { ConnectionIndicator } from '../../../lib/connection-indicator';
import { DispatchGrid } from '../components/dispatch-grid';
import { DuplicateDayDialog } from '../components/duplicate-day-dialog';
import { ClockOffsetContext } from '../components/dispatch-cell';
import { FilterBar } from '../components/filter-bar';
import { ResendOfferButton } from '../components/resend-offer-button';
import { boardToParams, parseBoard, type BoardState } from '../state/board-params';
import { cellKey, createCellStore, type CellStore } from '../state/cell-store';
import { useDensity } from '../state/density';
import { filterExperts } from '../state/expert-filter';
import { SERVER_TIME_REFETCH_MS, SHIFT_STATS_REFETCH_MS, orderCodeCopiedMessage, orderWithoutExpertMessage } from '@panel/contracts/dispatch/plain';

// The cell drawer (its forms, the order picker, react-hook-form) is not needed for the sheet's
// first paint: it is mounted, and its chunk fetched, when the pointer or the focus first reaches
// the grid, or at the first open (issue 36, decision 139); once mounted it stays, as before.
const CellDrawer = lazy(async () => ({ default: (await import('../components/cell-drawer')).CellDrawer }));

/** The dispatch sheet (spec §2): experts by shifts of one date, live, with the cell drawer. */
export function DispatchSheetScreen() {
  const [params, setParams] = useSearchParams();
  const board = useMemo(() => parseBoard(params), [params]);
  const update = useCallback(
    // From the current address, not this render's: a drawer callback may run after it changed.
    (patch: Partial<BoardState>) => setParams((current) => boardToParams({ ...parseBoard(current), ...patch }), { replace: true }),
    [setParams],
  );

  const dates = useQuery(sheetQueries.dates());
  const date = sheetDate(board.date, dates.data);
  const experts = useQuery(sheetQueries.experts());
  const areas = useQuery(sheetQueries.areas());
  const schedule = useQuery({ ...sheetQueries.schedule(date ?? ''), enabled: date !== null });
  const stats = useQuery({
    ...sheetQueries.statistics(date ?? ''),
    enabled: date !== null,
    refetchInterval: SHIFT_STATS_REFETCH_MS,
  });
  const serverTime = useQuery({
    queryKey: trpc.dispatch.serverTime.queryKey(),
    // The server read its clock somewhere between sending and receiving: the midpoint is the best
    // guess, off by at most half the round trip (the answer's arrival alone was off by all of it).
    queryFn: async () => {
      const sent = Date.now();
      const { now } = await trpcClient.dispatch.serverTime.query();
      return { offset: new Date(now).getTime() - (sent + Date.now()) / 2 };
    },
    refetchInterval: SERVER_TIME_REFETCH_MS,
  });
  const clockOffset = serverTime.data?.offset ?? 0;

  // One store per date: a new date starts empty until its snapshot arrives.
  const store = useMemo(() => (void date, createCellStore()), [date]);
  const link = useDispatchLive(date, store);
  const session = useQuery(sessionQueryOptions());
  const [density, setDensity] = useDensity(session.data?.user.username);

  const shifts = useMemo(() => schedule.data?.find((d) => d.date === date)?.shifts ?? [], [schedule.data, date]);
  // A search may match order codes, which arrive with the live snapshot after the experts: while
  // searching, a store change re-runs the filter (at most once per frame, the store's flush rate).
  const storeRevision = useStoreRevision(store, board.search.trim() !== '');
  const statsByShift = useMemo(() => new Map<number, ShiftStatistics>((stats.data ?? []).map((s) => [s.shift_id, s])), [stats.data]);
  const visibleExperts = useMemo(
    () =>
      filterExperts(experts.data ?? [], board, (pk) =>
        shifts.flatMap((s) => {
          const code = store.get(cellKey(pk, s.pk))?.inspection?.code;
          return code ? [code] : [];
        }),
      ),
    // storeRevision is read so that a store change re-runs the filter while searching.
    [experts.data, board, shifts, store, storeRevision],
  );

  const [active, setActive] = useState<GridPosition | null>(null);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const wantDrawer = useCallback(() => setDrawerWanted(true), []);
  // Opened from the address or a click: mounted from then on, so its closing runs as it did.
  if (board.cell !== null && !drawerWanted) setDrawerWanted(true);
  const [cancelled, setCancelled] = useState<CancelledOrder | null>(null);
  const pendingCancelled = useRef<CancelledOrder | null>(null);
  const openCell = useCallback((expertId: number, shiftId: number) => update({ cell: { expertId, shiftId } }), [update]);
  const closeCell = useCallback(() => update({ cell: null }), [update]);
  const openExpert: Expert | undefined = board.cell ? experts.data?.find((e) => e.pk === board.cell!.expertId) : undefined;
  const openShift = board.cell ? shifts.find((s) => s.pk === board.cell!.shiftId) : undefined;
  const loading = dates.isPending || experts.isPending || (date !== null && schedule.isPending);

  return (
    <ClockOffsetContext.Provider value={clockOffset}>
      <Stack gap="3" p="4" h="100dvh">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading size="xl" as="h1">
            میز تخصیص کارشناسان
          </Heading>
          <HStack gap="5">
            <Switch.Root size="sm" checked={density === 'compact'} onCheckedChange={(e) => setDensity(e.checked ? 'compact' : 'comfortable')}>
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>نمایش فشرده</Switch.Label>
            </Switch.Root>
            <DuplicateDayDialog date={date} dates={dates.data ?? []} />
            <ServerClock offset={clockOffset} known={serverTime.isSuccess} />
            <ConnectionIndicator link={link} />
          </HStack>
        </HStack>
        <FilterBar board={board} date={date} dates={dates.data ?? []} areas={areas.data ?? []} onChange={update} />
        <Text fontSize="xs" color="fg.muted" data-testid="expert-count">
          {loading ? MESSAGES.loading : `${new Intl.NumberFormat('fa-IR').format(visibleExperts.length)} کارشناس`}
        </Text>
        <Box flex="1" minH="0" onPointerOver={wantDrawer} onFocusCapture={wantDrawer}>
          {/* A new date starts the grid afresh, so a failure on one date does not stay on the next. */}
          <PanelErrorBoundary name="dispatch grid" resetKeys={[date]}>
            <DispatchGrid
              experts={visibleExperts}
              shifts={shifts}
              store={store}
              stats={statsByShift}
              active={active}
              onActiveChange={setActive}
              onOpenCell={openCell}
              onEscape={closeCell}
              height="100%"
              density={density}
              empty={loading ? MESSAGES.loading : 'کارشناسی با این فیلترها یافت نشد.'}
            />
          </PanelErrorBoundary>
        </Box>
      </Stack>
      {drawerWanted && (
        <Suspense fallback={null}>
          <CellDrawer
            store={store}
            open={board.cell}
            expert={openExpert}
            shift={openShift}
            onClose={closeCell}
            onCancelled={(order) => {
              pendingCancelled.current = order;
              closeCell();
            }}
            // The modal opens once the drawer has gone: opened on top of it, it would be a layer of
            // the drawer and be dismissed together with it.
            onExitComplete={() => {
              if (pendingCancelled.current) setCancelled(pendingCancelled.current);
              pendingCancelled.current = null;
            }}
          />
        </Suspense>
      )}
      <CancelledDialog order={cancelled} onClose={() => setCancelled(null)} />
    </ClockOffsetContext.Provider>
  );
}

function ServerClock({ offset, known }: { offset: number; known: boolean }) {
  const now = useSecondClock();
  if (!known) return null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="server-time">
      ساعت سرور {formatTehranTime(now + offset)}
    </Text>
  );
}

interface CancelledOrder {
  pk: number;
  code: string;
}

/**
 * Spec §8: after a cancel, the order is without expert; its code can be copied from here, and it
 * can be sent back to the experts' offer list (spec §7's resend to offer).
 */
function CancelledDialog({ order, onClose }: { order: CancelledOrder | null; onClose: () => void }) {
  const code = order?.code ?? null;
  return (
    // Only its buttons close it: the order code must be seen (and may be copied) first.
    <Dialog.Root
      open={code !== null}
      onOpenChange={(e) => !e.open && onClose()}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Body pt="6">
            <Dialog.Title fontSize="md" fontWeight="medium">
              {code ? orderWithoutExpertMessage(code) : ''}
            </Dialog.Title>
          </Dialog.Body>
          <Dialog.Footer>
            <Button
              variant="outline"
              onClick={async () => {
                if (!code) return;
                await navigator.clipboard.writeText(code).catch(() => undefined);
                notify(orderCodeCopiedMessage(code), 'success');
              }}
            >
              کپی کد سفارش
            </Button>
            {order && <ResendOfferButton inspectionId={order.pk} code={order.code} size="md" />}
            <Button onClick={onClose}>{MESSAGES.acknowledge}</Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}

/** The store's revision while `enabled` (0 otherwise): re-renders when a batch commits. */
function useStoreRevision(store: CellStore, enabled: boolean): number {
  const subscribe = useCallback(
    (onChange: () => void) => (enabled ? store.subscribeAll(onChange) : () => {}),
    [store, enabled],
  );
  return useSyncExternalStore(subscribe, () => (enabled ? store.revision : 0));
}
