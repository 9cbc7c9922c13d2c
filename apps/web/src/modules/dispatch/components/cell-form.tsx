import { useState } from 'react';
import { Badge, Box, Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { notify } from '@panel/ui/toaster';
import { INSPECTION_STATE_LABELS, MESSAGES, formatJalaliDateTime, formatToman, toLatinDigits, toPersianDigits } from '@panel/contracts/common';
import { canSaveNote, isOrderFieldsDisabled, isOrderPickerDisabled, normalizeVisitTime, type Cell, type drawerKind } from '@panel/contracts/dispatch';
import { userMessage } from '../../../lib/trpc';
import type { CellStore } from '../state/cell-store';
import { HoldLeft } from './dispatch-cell';
import { KindButtons, useCellMutations } from './kind-buttons';
import { OrderPicker, useOrderChoice } from './order-picker';
import { ResendOfferButton } from './resend-offer-button';

/**
 * The drawer's form for every kind but cancel: the cell's order or hold, the order picker, the
 * visit time and a note, and the kind's buttons. One form for all of them, so what was typed stays
 * when the live cell changes kind (a dispatcher's own reserve, another's assignment).
 */
export function CellForm({
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
  const [visitTime, setVisitTime] = useState(inspection?.visit_time?.slice(0, 5) ?? '');
  const [note, setNote] = useState('');
  const [timeError, setTimeError] = useState<string | null>(null);
  const choice = useOrderChoice(store, cell, canPick && !fieldsDisabled);
  const { chosen, lostChoice } = choice;
  const mutations = useCellMutations(store);
  const { assign, saveNote, busy } = mutations;

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
        <OrderPicker
          choice={choice}
          disabled={pickerDisabled}
          replacing={replacing}
          onPicked={(picked) => {
            if (picked?.visit_time && !visitTime) setVisitTime(picked.visit_time.slice(0, 5));
          }}
        />
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
        <KindButtons
          kind={kind}
          cell={cell}
          mutations={mutations}
          canAssign={chosen !== undefined}
          fieldsDisabled={fieldsDisabled}
          submitAssign={submitAssign}
          visitTime={visitTime}
          replacing={replacing}
          onTimeMoved={saveNoteIfAny}
          onEnterCancel={onEnterCancel}
        />
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
