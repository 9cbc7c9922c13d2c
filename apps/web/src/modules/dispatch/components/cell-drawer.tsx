import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Combobox,
  Drawer,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Separator,
  Stack,
  Switch,
  Text,
  Textarea,
  Tooltip,
  createListCollection,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LuArrowRight, LuX } from 'react-icons/lu';
import { PanelErrorBoundary, notify, specSpacing, useKeyedValue } from '@panel/ui';
import { AVAILABILITY_LABELS, INSPECTION_STATE_LABELS, MESSAGES, formatJalaliDateTime, formatShiftRangeFa, formatToman, toLatinDigits, toPersianDigits } from '@panel/contracts/common';
import { CELL_HISTORY_ACTION_LABELS, type Cell, type Expert, type OrderCandidate, type Shift, CANCEL_TYPE_LABELS, CancelTypeSchema, DISPATCH_DRAWER_WIDTH, DRAWER_NAME_MAX_WIDTH, availabilityFromSwitch, canSaveNote, canSendAvailability, canSubmitCancel, drawerKind, filterOrderOptionsByCode, isAvailabilitySwitchOn, isCancelByExpert, isOrderFieldsDisabled, isOrderPickerDisabled, normalizeVisitTime, shouldSendVisitTime, type CancelType } from '@panel/contracts/dispatch';
import { trpc, userMessage } from '../../../lib/trpc';
import { cellKey, type CellStore } from '../state/cell-store';
import { HoldLeft } from './dispatch-cell';
import { ResendOfferButton } from './resend-offer-button';

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
  const session = useQuery({ ...trpc.auth.session.queryOptions(), ...silent });
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
          <CellHeader cell={cell} expert={expert} shift={shift} onClose={onClose} />
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

function CellHeader({ cell, expert, shift, onClose }: { cell: Cell; expert: Expert | undefined; shift: Shift | undefined; onClose: () => void }) {
  const update = useMutation({ ...trpc.dispatch.updateAvailability.mutationOptions(), ...silent });
  const name = expert?.report_name ?? '';
  return (
    <Stack gap="2" pe="10">
      <HStack gap="2" wrap="wrap">
        {/* The tooltip's trigger is inside the title: as the title itself, its id would replace
            the one the drawer is labelled by, and the drawer would have no name. */}
        <Drawer.Title fontSize="lg" maxW={specSpacing(DRAWER_NAME_MAX_WIDTH)} truncate>
          <Tooltip.Root openDelay={300}>
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

function CellForm({
  store,
  cell,
  kind,
  onEnterCancel,
  onClose,
}: {
  store: CellStore;
  cell: Cell;
  kind: ReturnType<typeof drawerKind>;
  onEnterCancel: () => void;
  onClose: () => void;
}) {
  const inspection = cell.inspection;
  const fieldsDisabled = isOrderFieldsDisabled(cell.state);
  const pickerDisabled = isOrderPickerDisabled({ cellState: cell.state, inspectionState: inspection?.state, kind });
  // Spec §5 locks the picker of an assigned cell only while its order is in final assignment (O);
  // otherwise the dispatcher may put another order in its place (decision 016).
  const replacing = kind === 'assigned' && inspection !== null && !pickerDisabled;
  const canPick = kind === 'unassigned' || kind === 'reserved' || replacing;
  const [allCities, setAllCities] = useState(false);
  const [typed, setTyped] = useState('');
  const [orderPk, setOrderPk] = useState<number | null>(null);
  const [visitTime, setVisitTime] = useState(inspection?.visit_time?.slice(0, 5) ?? '');
  const [note, setNote] = useState('');
  const [timeError, setTimeError] = useState<string | null>(null);

  // The expert's city by default; every order without expert of the shift on demand (spec §7's
  // "unassigned inspections by shift and expert").
  const cellOrders = { shiftId: cell.shift_id, expertId: cell.expert_id };
  const cityOrders = useQuery({ ...trpc.dispatch.orders.queryOptions(cellOrders), enabled: canPick && !fieldsDisabled && !allCities });
  const shiftOrders = useQuery({ ...trpc.dispatch.unassigned.queryOptions(cellOrders), enabled: canPick && !fieldsDisabled && allCities });
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

  const reserve = useMutation(trpc.dispatch.tempReserve.mutationOptions());
  const release = useMutation(trpc.dispatch.cancelReserve.mutationOptions());
  const assign = useMutation({ ...trpc.dispatch.assignOrder.mutationOptions(), ...silent });
  const moveTime = useMutation(trpc.dispatch.updateVisitTime.mutationOptions());
  const saveNote = useMutation(trpc.dispatch.createNote.mutationOptions());
  const busy = reserve.isPending || release.isPending || assign.isPending || moveTime.isPending || saveNote.isPending;

  const noteInput = { content: note, expertId: cell.expert_id, shiftId: cell.shift_id };
  const saveNoteIfAny = async () => {
    if (!canSaveNote(noteInput)) return;
    await saveNote.mutateAsync(noteInput);
    setNote('');
  };

  const submitAssign = () => {
    if (!chosen) return;
    const replaced = replacing ? inspection : null;
    const time = normalizeVisitTime(visitTime);
    if (!time) {
      setTimeError(`زمان بازدید باید به شکل ساعت:دقیقه باشد، مثلا ${MESSAGES.visitTimePlaceholder}.`);
      return;
    }
    setTimeError(null);
    assign.mutate(
      { inspectionId: chosen.pk, timeslotId: cell.pk, visitTime: time, version: cell.version, replacesInspectionId: replaced?.pk },
      {
        onSuccess: async () => {
          notify(
            replaced
              ? `سفارش ${toPersianDigits(chosen.code)} به جای ${toPersianDigits(replaced.code)} تخصیص یافت؛ سفارش ${toPersianDigits(replaced.code)} اکنون بدون کارشناس است.`
              : `سفارش ${toPersianDigits(chosen.code)} تخصیص یافت.`,
            'success',
          );
          await saveNoteIfAny();
          onClose();
        },
        // A 409 means another dispatcher won: the server's message, which says how, is the
        // toast (spec §8); the drawer stays open on the live cell so the winner's change shows.
        onError: (error) => notify(userMessage(error)),
      },
    );
  };

  return (
    <Stack gap="4">
      {inspection && (
        <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle" data-testid="current-inspection">
          <HStack justify="space-between">
            <Text fontWeight="bold">{toPersianDigits(inspection.code)}</Text>
            <Badge colorPalette="green">{INSPECTION_STATE_LABELS[inspection.state]}</Badge>
          </HStack>
          <Text fontSize="sm">{toPersianDigits(inspection.brand_model)}</Text>
          <Text fontSize="sm" color="fg.muted">
            {toPersianDigits(`${inspection.selected_package_name} · ${inspection.visit_place}`)}
          </Text>
          <Text fontSize="sm">{formatToman(inspection.price)}</Text>
        </Box>
      )}
      {cell.hold && (
        <HStack justify="space-between" borderWidth="1px" rounded="md" p="3" bg="yellow.subtle" data-testid="hold-info">
          <Text fontSize="sm">رزرو موقت توسط {kind === 'held' ? cell.hold.holder_fullname : 'شما'}</Text>
          <Text fontSize="sm" fontWeight="bold" title={formatJalaliDateTime(cell.hold.expires_at)}>
            <HoldLeft hold={cell.hold} />
          </Text>
        </HStack>
      )}

      {canPick && (
        <Combobox.Root
          collection={collection}
          inputValue={toPersianDigits(typed)}
          onInputValueChange={(e) => setTyped(toLatinDigits(e.inputValue))}
          value={orderPk === null ? [] : [String(orderPk)]}
          onValueChange={(e) => {
            const pk = e.value[0] ? Number(e.value[0]) : null;
            setOrderPk(pk);
            const picked = orders.data?.find((o) => o.pk === pk);
            if (picked?.visit_time && !visitTime) setVisitTime(picked.visit_time.slice(0, 5));
          }}
          disabled={pickerDisabled}
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
      )}
      {canPick && (
        <Checkbox.Root size="sm" checked={allCities} disabled={pickerDisabled} onCheckedChange={(e) => {
            setAllCities(e.checked === true);
            setOrderPk(null);
          }}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>همه سفارش‌های بدون کارشناس این شیفت (همه شهرها)</Checkbox.Label>
        </Checkbox.Root>
      )}
      {kind === 'assigned' && inspection && !replacing && (
        <Field.Root disabled>
          <Field.Label>کد سفارش</Field.Label>
          <Input size="sm" value={toPersianDigits(inspection.code)} readOnly />
        </Field.Root>
      )}
      {lostChoice && (
        <Text fontSize="sm" color="red.fg" role="alert">
          این سفارش هم‌اکنون به کارشناس دیگری تخصیص یافت؛ سفارش دیگری انتخاب کنید.
        </Text>
      )}
      {chosen && (
        <HStack justify="space-between" gap="2" wrap="wrap" data-testid="chosen-order">
          <Text fontSize="sm" color="fg.muted">
            {toPersianDigits(`${chosen.customer_name} · ${chosen.visit_place} · ${chosen.selected_package_name}`)}
          </Text>
          <ResendOfferButton inspectionId={chosen.pk} code={chosen.code} variant="ghost" disabled={busy} />
        </HStack>
      )}

      <Field.Root disabled={fieldsDisabled || kind === 'unset' || kind === 'held'} invalid={timeError !== null}>
        <Field.Label>زمان بازدید</Field.Label>
        <Input
          size="sm"
          dir="ltr"
          textAlign="end"
          inputMode="numeric"
          placeholder={MESSAGES.visitTimePlaceholder}
          value={toPersianDigits(visitTime)}
          onChange={(e) => setVisitTime(toLatinDigits(e.target.value))}
        />
        {timeError && <Field.ErrorText>{timeError}</Field.ErrorText>}
      </Field.Root>

      <Field.Root disabled={fieldsDisabled}>
        <Field.Label>یادداشت</Field.Label>
        <Textarea size="sm" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field.Root>

      <HStack gap="2" wrap="wrap">
        {kind === 'unassigned' && (
          <>
            <Button
              variant="outline"
              loading={reserve.isPending}
              disabled={busy}
              onClick={() => reserve.mutate({ expertId: cell.expert_id, shiftId: cell.shift_id, version: cell.version })}
            >
              رزرو موقت
            </Button>
            <Button loading={assign.isPending} disabled={busy || !chosen || fieldsDisabled} onClick={submitAssign}>
              ذخیره
            </Button>
          </>
        )}
        {kind === 'reserved' && (
          <>
            <Button
              variant="outline"
              loading={release.isPending}
              disabled={busy}
              onClick={() => release.mutate({ expertId: cell.expert_id, shiftId: cell.shift_id })}
            >
              لغو رزرو
            </Button>
            <Button loading={assign.isPending} disabled={busy || !chosen || fieldsDisabled} onClick={submitAssign}>
              نهایی کردن
            </Button>
          </>
        )}
        {kind === 'assigned' && inspection && (
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
                      await saveNoteIfAny();
                    },
                  },
                )
              }
            >
              تغییر زمان بازدید
            </Button>
            {replacing && (
              <Button loading={assign.isPending} disabled={busy || !chosen} onClick={submitAssign}>
                جایگزینی سفارش
              </Button>
            )}
            <Button variant="outline" colorPalette="red" disabled={busy} onClick={onEnterCancel}>
              لغو تخصیص
            </Button>
          </>
        )}
        <Button
          variant="ghost"
          loading={saveNote.isPending}
          disabled={busy || fieldsDisabled || !canSaveNote(noteInput)}
          onClick={() => void saveNoteIfAny()}
        >
          ثبت یادداشت
        </Button>
      </HStack>
    </Stack>
  );
}

function CancelForm({ cell, onDone }: { cell: Cell; onDone: (order: { pk: number; code: string }) => void }) {
  const inspection = cell.inspection!;
  const [cancelType, setCancelType] = useState<CancelType>('unset');
  const [penalty, setPenalty] = useState(false);
  const [description, setDescription] = useState('');
  const penaltyCheck = useQuery(trpc.dispatch.penaltyCheck.queryOptions({ inspectionId: inspection.pk }));
  const penaltyApplies = penaltyCheck.data?.penalty === true;
  // On the mutation, not on mutate(): the live stream may drop the order from this cell (and
  // unmount this form) before the answer arrives, and the modal must still show.
  const cancel = useMutation(trpc.dispatch.cancelAssignment.mutationOptions({ onSuccess: () => onDone({ pk: inspection.pk, code: inspection.code }) }));
  const ready = canSubmitCancel({ cancelType, inspectionPk: inspection.pk });
  return (
    <Stack gap="4" as="form" onSubmit={(e) => e.preventDefault()}>
      <Text fontSize="sm">
        سفارش <b>{toPersianDigits(inspection.code)}</b> · {toPersianDigits(inspection.brand_model)}
      </Text>
      <Field.Root>
        <Field.Label>نوع لغو</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={cancelType} onChange={(e) => setCancelType(CancelTypeSchema.parse(e.target.value))}>
            {CancelTypeSchema.options.map((t) => (
              <option key={t} value={t}>
                {CANCEL_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Checkbox.Root
        checked={penalty && penaltyApplies}
        disabled={!penaltyApplies}
        onCheckedChange={(e) => setPenalty(e.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>اعمال جریمه</Checkbox.Label>
      </Checkbox.Root>
      <Field.Root>
        <Field.Label>توضیحات</Field.Label>
        <Textarea size="sm" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field.Root>
      <Button
        colorPalette="red"
        type="submit"
        loading={cancel.isPending}
        disabled={!ready}
        onClick={() =>
          ready &&
          cancel.mutate(
            {
              inspectionId: inspection.pk,
              expertId: cell.expert_id,
              cancelByExpert: isCancelByExpert(cancelType),
              penalty: penalty && penaltyApplies,
              ...(description.trim() ? { description: description.trim() } : {}),
            },
          )
        }
      >
        ثبت لغو تخصیص
      </Button>
    </Stack>
  );
}

/** History and notes of the cell, refreshed whenever the cell changes on the server. */
function CellActivity({ cell }: { cell: Cell }) {
  const queryClient = useQueryClient();
  const options = trpc.dispatch.cellDetail.queryOptions({ expertTimeslotId: cell.pk });
  const detail = useQuery(options);
  const { queryKey } = options;
  // Another dispatcher's change arrives as a new version of the cell: its history is stale then.
  const seenVersion = useRef(cell.version);
  useEffect(() => {
    if (seenVersion.current === cell.version) return;
    seenVersion.current = cell.version;
    void queryClient.invalidateQueries({ queryKey });
  }, [cell.version, queryClient, queryKey]);
  if (detail.isPending) return <Text color="fg.muted">{MESSAGES.loading}</Text>;
  if (!detail.data) return null;
  const { notes, history } = detail.data;
  return (
    <Stack gap="4">
      <Stack gap="2">
        <Text fontWeight="bold">یادداشت‌ها</Text>
        {notes.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            یادداشتی ثبت نشده است.
          </Text>
        )}
        {notes.map((n) => (
          <Box key={n.pk} borderInlineStartWidth="3px" borderColor="green.solid" ps="2" data-testid="note">
            <Text fontSize="sm">{n.content}</Text>
            <Text fontSize="xs" color="fg.muted">
              {n.agent_fullname} · {formatJalaliDateTime(n.created_at)}
            </Text>
          </Box>
        ))}
      </Stack>
      <Stack gap="2">
        <Text fontWeight="bold">سابقه</Text>
        {history.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            سابقه‌ای نیست.
          </Text>
        )}
        {history.map((h) => (
          <Box key={h.pk} fontSize="sm" data-testid="history">
            <Text>
              {CELL_HISTORY_ACTION_LABELS[h.action]}
              {h.inspection_code ? ` · ${toPersianDigits(h.inspection_code)}` : ''}
              {h.details ? ` · ${toPersianDigits(h.details)}` : ''}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {h.actor_fullname || 'سامانه'} · {formatJalaliDateTime(h.at)}
            </Text>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
