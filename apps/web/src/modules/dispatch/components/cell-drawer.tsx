import { useState } from 'react';
import { Badge, Drawer, HStack, IconButton, Separator, Stack, Switch, Text, Tooltip } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LuArrowRight, LuX } from 'react-icons/lu';
import { PanelErrorBoundary } from '@panel/ui/error-boundary';
import { useKeyedValue } from '@panel/ui/grid';
import { specSpacing } from '@panel/ui/system';
import { AVAILABILITY_LABELS, MESSAGES, formatShiftRangeFa } from '@panel/contracts/common';
import {
  DISPATCH_DRAWER_WIDTH,
  DRAWER_NAME_MAX_WIDTH,
  availabilityFromSwitch,
  canSendAvailability,
  drawerKind,
  isAvailabilitySwitchOn,
  type Cell,
  type Expert,
  type Shift,
} from '@panel/contracts/dispatch';
import { sessionQueryOptions } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { applyDelta, cellKey, type CellStore } from '../state/cell-store';
import { CancelForm } from './cancel-form';
import { CellActivity } from './cell-activity';
import { CellForm } from './cell-form';

export interface CellDrawerProps {
  store: CellStore;
  open: { expertId: number; shiftId: number } | null;
  expert: Expert | undefined;
  shift: Shift | undefined;
  onClose: () => void;
  /** The assignment of this order was cancelled: the screen shows the "without expert" modal. */
  onCancelled: (order: { pk: number; code: string }) => void;
  /** The drawer finished closing. */
  onExitComplete?: () => void;
}

/** The side drawer of one cell (spec §2, §4, §5): what it holds and what can be done with it. */
export function CellDrawer({ store, open, expert, shift, onClose, onCancelled, onExitComplete }: CellDrawerProps) {
  return (
    <Drawer.Root open={open !== null} onOpenChange={(e) => !e.open && onClose()} onExitComplete={onExitComplete} placement="end">
      <Drawer.Backdrop />
      <Drawer.Positioner>
        <Drawer.Content width={specSpacing(DISPATCH_DRAWER_WIDTH)} maxW={specSpacing(DISPATCH_DRAWER_WIDTH)} data-testid="cell-drawer">
          {open && (
            // A new cell starts with a fresh form (and a fresh boundary).
            <PanelErrorBoundary name="cell drawer" key={cellKey(open.expertId, open.shiftId)}>
              <DrawerBody
                store={store}
                expertId={open.expertId}
                shiftId={open.shiftId}
                expert={expert}
                shift={shift}
                onClose={onClose}
                onCancelled={onCancelled}
              />
            </PanelErrorBoundary>
          )}
        </Drawer.Content>
      </Drawer.Positioner>
    </Drawer.Root>
  );
}

const silent = { meta: { silent: true } } as const;

interface BodyProps {
  store: CellStore;
  expertId: number;
  shiftId: number;
  expert: Expert | undefined;
  shift: Shift | undefined;
  onClose: () => void;
  onCancelled: (order: { pk: number; code: string }) => void;
}

function DrawerBody({ store, expertId, shiftId, expert, shift, onClose, onCancelled }: BodyProps) {
  const cell = useKeyedValue(store, cellKey(expertId, shiftId));
  const [cancelMode, setCancelMode] = useState(false);
  const session = useQuery(sessionQueryOptions());
  if (!cell) {
    // A title from the first render: the drawer is named by the title it finds when it opens,
    // and a drawer opened from the address opens before its cell has arrived.
    return (
      <>
        <Drawer.Header py="3">
          <Drawer.Title fontSize="lg">{expert?.report_name ?? MESSAGES.loading}</Drawer.Title>
        </Drawer.Header>
        <Drawer.Body>
          <Text py="8" textAlign="center" color="fg.muted">
            {MESSAGES.loading}
          </Text>
        </Drawer.Body>
      </>
    );
  }
  // Cancel mode ends by itself once the cell has no order (cancelled here or by someone else).
  // Derived from the live cell on every change: a drawer opened on a free cell becomes someone
  // else's hold (or an assignment) the moment the stream says so, and offers only what still holds.
  const kind = drawerKind(cell, { cancelMode: cancelMode && cell.inspection !== null, viewer: session.data?.user.username });
  return (
    <>
      <Drawer.Header borderBottomWidth="1px" py="3" data-kind={kind}>
        {kind === 'cancel' ? (
          <HStack gap="2">
            <IconButton aria-label="بازگشت" variant="ghost" size="sm" onClick={() => setCancelMode(false)}>
              <LuArrowRight />
            </IconButton>
            <Drawer.Title fontSize="lg">{MESSAGES.cancelModeTitle}</Drawer.Title>
          </HStack>
        ) : (
          <CellHeader store={store} cell={cell} expert={expert} shift={shift} onClose={onClose} />
        )}
        <Drawer.CloseTrigger asChild position="absolute" top="3" insetEnd="3">
          <IconButton aria-label="بستن" variant="ghost" size="sm">
            <LuX />
          </IconButton>
        </Drawer.CloseTrigger>
      </Drawer.Header>
      <Drawer.Body py="4">
        {kind === 'cancel' && cell.inspection ? (
          <CancelForm
            store={store}
            cell={cell}
            onDone={(order) => {
              setCancelMode(false);
              onCancelled(order);
            }}
          />
        ) : (
          <CellForm store={store} cell={cell} kind={kind} onEnterCancel={() => setCancelMode(true)} onClose={onClose} />
        )}
        <Separator my="5" />
        <CellActivity cell={cell} />
      </Drawer.Body>
    </>
  );
}

function CellHeader({ store, cell, expert, shift, onClose }: { store: CellStore; cell: Cell; expert: Expert | undefined; shift: Shift | undefined; onClose: () => void }) {
  // The answer is the changed cell: it shows at once, not when the live stream brings it back.
  const update = useMutation({ ...trpc.dispatch.updateAvailability.mutationOptions({ onSuccess: (answer) => applyDelta(store, [answer]) }), ...silent });
  const name = expert?.report_name ?? '';
  return (
    <Stack gap="2" pe="10">
      <HStack gap="2" wrap="wrap">
        {/* The tooltip's trigger is inside the title: as the title itself, its id would replace
            the one the drawer is labelled by, and the drawer would have no name. */}
        <Drawer.Title fontSize="lg" maxW={specSpacing(DRAWER_NAME_MAX_WIDTH)} truncate>
          <Tooltip.Root openDelay={300} lazyMount unmountOnExit>
            <Tooltip.Trigger asChild>
              <span>{name}</span>
            </Tooltip.Trigger>
            <Tooltip.Positioner>
              <Tooltip.Content>{name}</Tooltip.Content>
            </Tooltip.Positioner>
          </Tooltip.Root>
        </Drawer.Title>
        {shift && (
          <Text fontSize="sm" color="fg.muted" data-testid="shift-range">
            {formatShiftRangeFa(shift.start, shift.end)}
          </Text>
        )}
        <Badge variant="subtle" colorPalette={cell.hold ? 'yellow' : cell.state === 1 ? 'gray' : 'green'} data-testid="shift-type">
          {cell.hold ? 'رزرو موقت' : AVAILABILITY_LABELS[cell.state]}
        </Badge>
      </HStack>
      <Switch.Root
        size="sm"
        checked={isAvailabilitySwitchOn(cell.state)}
        disabled={update.isPending}
        onCheckedChange={(e) => {
          const input = { expertId: cell.expert_id, shiftId: cell.shift_id };
          if (!canSendAvailability(input)) return;
          // The drawer closes when the update finishes, success or not, with no message (spec §4, §8).
          update.mutate({ ...input, state: availabilityFromSwitch(e.checked) }, { onSettled: onClose });
        }}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>حضور کارشناس در این شیفت</Switch.Label>
      </Switch.Root>
    </Stack>
  );
}
