import { Button } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { notify } from '@panel/ui/toaster';
import { shouldSendVisitTime, type Cell, type drawerKind } from '@panel/contracts/dispatch';
import { sessionQueryOptions } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { applyDelta, cellKey, showGuess, withGuessedHold, type CellStore } from '../state/cell-store';

const silent = { meta: { silent: true } } as const;

/**
 * What a cell's form can do; `busy` while any of it runs. Every answer is the changed cell and
 * goes into the store at once, without waiting for the live stream to bring it back; a reserve
 * and its release show in the clicked cell before the server answers, and go back on a refusal
 * (issue 36, decision 141).
 */
export function useCellMutations(store: CellStore) {
  const session = useQuery(sessionQueryOptions());
  const answered = { onSuccess: (answer: Cell) => applyDelta(store, [answer]) };
  /**
   * Shows the clicked cell as the press will leave it and returns the rollback for a refusal (its
   * message is the toast, spec §8). The inputs are typed as the schemas' input side (digits may
   * come as text); the buttons send numbers.
   */
  const guess = (input: { expertId: unknown; shiftId: unknown }, next: (cell: Cell) => Cell | undefined): (() => void) => {
    const cell = store.peek(cellKey(Number(input.expertId), Number(input.shiftId)));
    const guessed = cell && next(cell);
    return guessed ? showGuess(store, guessed) : () => {};
  };
  const reserve = useMutation(
    trpc.dispatch.tempReserve.mutationOptions({
      ...answered,
      onMutate: (input) => guess(input, (cell) => (session.data ? withGuessedHold(cell, session.data.user) : undefined)),
      onError: (_error, _input, rollback) => rollback?.(),
    }),
  );
  const release = useMutation(
    trpc.dispatch.cancelReserve.mutationOptions({
      ...answered,
      onMutate: (input) => guess(input, (cell) => ({ ...cell, hold: null })),
      onError: (_error, _input, rollback) => rollback?.(),
    }),
  );
  const assign = useMutation({ ...trpc.dispatch.assignOrder.mutationOptions(answered), ...silent });
  const moveTime = useMutation(trpc.dispatch.updateVisitTime.mutationOptions(answered));
  const saveNote = useMutation(trpc.dispatch.createNote.mutationOptions());
  const busy = reserve.isPending || release.isPending || assign.isPending || moveTime.isPending || saveNote.isPending;
  return { reserve, release, assign, moveTime, saveNote, busy };
}

export type CellMutations = ReturnType<typeof useCellMutations>;

interface KindButtonsProps {
  cell: Cell;
  mutations: CellMutations;
  /** An order is picked and may be saved. */
  canAssign: boolean;
  fieldsDisabled: boolean;
  submitAssign: () => void;
}

/** A free cell: hold it for a while, or put the picked order on it. */
function UnassignedButtons({ cell, mutations: { reserve, assign, busy }, canAssign, fieldsDisabled, submitAssign }: KindButtonsProps) {
  return (
    <>
      <Button
        variant="outline"
        loading={reserve.isPending}
        disabled={busy}
        onClick={() => reserve.mutate({ expertId: cell.expert_id, shiftId: cell.shift_id, version: cell.version })}
      >
        رزرو موقت
      </Button>
      <Button loading={assign.isPending} disabled={busy || !canAssign || fieldsDisabled} onClick={submitAssign}>
        ذخیره
      </Button>
    </>
  );
}

/** The viewer's own hold: let it go, or finalize it with the picked order. */
function ReservedButtons({ cell, mutations: { release, assign, busy }, canAssign, fieldsDisabled, submitAssign }: KindButtonsProps) {
  return (
    <>
      <Button variant="outline" loading={release.isPending} disabled={busy} onClick={() => release.mutate({ expertId: cell.expert_id, shiftId: cell.shift_id })}>
        لغو رزرو
      </Button>
      <Button loading={assign.isPending} disabled={busy || !canAssign || fieldsDisabled} onClick={submitAssign}>
        نهایی کردن
      </Button>
    </>
  );
}

/** A cell with an order: move its visit time, replace the order (not yet final), or cancel it. */
function AssignedButtons({
  mutations: { moveTime, assign, busy },
  canAssign,
  fieldsDisabled,
  submitAssign,
  inspection,
  visitTime,
  replacing,
  onTimeMoved,
  onEnterCancel,
}: KindButtonsProps & {
  inspection: NonNullable<Cell['inspection']>;
  visitTime: string;
  replacing: boolean;
  onTimeMoved: () => Promise<void>;
  onEnterCancel: () => void;
}) {
  return (
    <>
      <Button
        loading={moveTime.isPending}
        disabled={busy || fieldsDisabled || !shouldSendVisitTime(inspection.visit_time, visitTime)}
        onClick={() =>
          moveTime.mutate(
            { inspectionId: inspection.pk, visitTime },
            {
              onSuccess: async () => {
                notify('زمان بازدید تغییر کرد.', 'success');
                await onTimeMoved();
              },
            },
          )
        }
      >
        تغییر زمان بازدید
      </Button>
      {replacing && (
        <Button loading={assign.isPending} disabled={busy || !canAssign} onClick={submitAssign}>
          جایگزینی سفارش
        </Button>
      )}
      <Button variant="outline" colorPalette="red" disabled={busy} onClick={onEnterCancel}>
        لغو تخصیص
      </Button>
    </>
  );
}

/** The buttons of the drawer's kind (another's hold and an unset slot have none but the note's). */
export function KindButtons({
  kind,
  ...props
}: KindButtonsProps & {
  kind: ReturnType<typeof drawerKind>;
  visitTime: string;
  replacing: boolean;
  onTimeMoved: () => Promise<void>;
  onEnterCancel: () => void;
}) {
  const inspection = props.cell.inspection;
  if (kind === 'unassigned') return <UnassignedButtons {...props} />;
  if (kind === 'reserved') return <ReservedButtons {...props} />;
  if (kind === 'assigned' && inspection) return <AssignedButtons {...props} inspection={inspection} />;
  return null;
}
