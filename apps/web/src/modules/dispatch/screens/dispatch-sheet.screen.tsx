import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PanelErrorBoundary } from '@panel/ui/error-boundary';
import { useSecondClock, type GridPosition } from '@panel/ui/grid';
import { afterPaint, island, releaseIslands } from '@panel/ui/island';
import { LightButton, LightSwitch } from '@panel/ui/light';
import { MESSAGES, formatTehranTime } from '@panel/contracts/common/plain';
import { LuCopy } from 'react-icons/lu';
import type { Expert, ShiftStatistics } from '@panel/contracts/dispatch';
import { trpc, trpcClient } from '../../../lib/trpc';
import { sessionQueryOptions } from '../../../lib/session';
import { useDispatchLive } from '../api/dispatch-live';
import { sheetDate, sheetQueries } from '../api/sheet-calls';
import { ConnectionIndicator } from '../../../lib/connection-indicator';
import { DispatchGrid } from '../components/dispatch-grid';
import { ClockOffsetContext } from '../components/dispatch-cell';
import { FilterBar } from '../components/filter-bar';
import type { CancelledOrder } from '../components/cancelled-dialog';
import { boardToParams, parseBoard, type BoardState } from '../state/board-params';
import { cellKey, createCellStore, type CellStore } from '../state/cell-store';
import { useDensity } from '../state/density';
import { filterExperts } from '../state/expert-filter';
import { SERVER_TIME_REFETCH_MS, SHIFT_STATS_REFETCH_MS } from '@panel/contracts/dispatch/plain';
import './dispatch-sheet.css';

// The sheet paints plain (decision 148): its heading, switch, clock, light, search and grid need no
// Chakra. What does is an island, loaded once the grid has painted live: the selects and the
// duplicate-day dialog (drawn as they look until then), the dialog after a cancel.
// The cell drawer (its forms, the order picker, react-hook-form) is mounted, and its chunk fetched,
// when the pointer or the focus first reaches the grid, or at the first open (issue 36, decision
// 139); once mounted it stays, as before.
const CellDrawer = island(async () => (await import('../components/cell-drawer')).CellDrawer, { eager: true });
const DuplicateDayDialog = island(async () => (await import('../components/duplicate-day-dialog')).DuplicateDayDialog, {
  fallback: DuplicateDayStandIn,
});
const CancelledDialog = island(async () => (await import('../components/cancelled-dialog')).CancelledDialog);

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
  // Once the grid has painted the live snapshot's cells, the islands may load (decision 148).
  const live = link.status === 'live' && !loading;
  useEffect(() => {
    if (!live) return;
    const release = () => afterPaint(releaseIslands);
    if (store.revision > 0) return release();
    const stop = store.subscribeAll(() => {
      stop();
      release();
    });
    return stop;
  }, [live, store]);

  return (
    <ClockOffsetContext.Provider value={clockOffset}>
      <div className="ds">
        <div className="ds-head">
          <h1 className="ds-title">میز تخصیص کارشناسان</h1>
          <div className="ds-tools">
            <LightSwitch label="نمایش فشرده" checked={density === 'compact'} onChange={(compact) => setDensity(compact ? 'compact' : 'comfortable')} />
            <DuplicateDayDialog date={date} dates={dates.data ?? []} />
            <ServerClock offset={clockOffset} known={serverTime.isSuccess} />
            <ConnectionIndicator link={link} />
          </div>
        </div>
        <FilterBar board={board} date={date} dates={dates.data ?? []} areas={areas.data ?? []} onChange={update} />
        <p className="ds-count" data-testid="expert-count">
          {loading ? MESSAGES.loading : `${new Intl.NumberFormat('fa-IR').format(visibleExperts.length)} کارشناس`}
        </p>
        <div className="ds-grid" onPointerOver={wantDrawer} onFocusCapture={wantDrawer}>
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
        </div>
      </div>
      {drawerWanted && (
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
      )}
      <CancelledDialog order={cancelled} onClose={() => setCancelled(null)} />
    </ClockOffsetContext.Provider>
  );
}

function ServerClock({ offset, known }: { offset: number; known: boolean }) {
  const now = useSecondClock();
  if (!known) return null;
  return (
    <p className="ds-clock" data-testid="server-time">
      ساعت سرور {formatTehranTime(now + offset)}
    </p>
  );
}

/** The duplicate-day button as it looks, until its dialog has loaded. */
function DuplicateDayStandIn() {
  return (
    <LightButton size="sm" variant="outline" aria-disabled="true" aria-haspopup="dialog">
      <LuCopy />
      کپی حضور از روز دیگر
    </LightButton>
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
