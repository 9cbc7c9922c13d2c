import { useState } from 'react';
import { Button, Dialog, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { LuCopy } from 'react-icons/lu';
import { notify } from '@panel/ui/toaster';
import { toPersianDigits } from '@panel/contracts/common/plain';
import type { DateOption } from '@panel/contracts/dispatch';
import { trpc } from '../../../lib/trpc';
import { dateOptionLabel } from './filter-bar';

export interface DuplicateDayDialogProps {
  /** The day the sheet shows: the copy's target. */
  date: string | null;
  dates: readonly DateOption[];
}

/**
 * Spec §7's "duplicate timeslot": copies every expert's availability (free or off) in each shift
 * of another day onto the same shift of the shown day. Cells with an order or a hold keep theirs.
 */
export function DuplicateDayDialog({ date, dates }: DuplicateDayDialogProps) {
  const [open, setOpen] = useState(false);
  const sources = dates.filter((d) => d.date !== date);
  const [fromDate, setFromDate] = useState<string>('');
  const target = dates.find((d) => d.date === date);
  const duplicate = useMutation(trpc.dispatch.duplicateTimeslot.mutationOptions());
  const chosen = sources.some((d) => d.date === fromDate) ? fromDate : '';

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (!e.open) setFromDate('');
      }}
      placement="center"
      // Its form is drawn when it opens, not hidden in the sheet's first render (issue 36).
      lazyMount
      unmountOnExit
    >
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" disabled={!target}>
          <LuCopy />
          کپی حضور از روز دیگر
        </Button>
      </Dialog.Trigger>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content
          as="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!date || !chosen) return;
            duplicate.mutate(
              { fromDate: chosen, toDate: date },
              {
                onSuccess: ({ updated }) => {
                  notify(
                    updated === 0
                      ? 'حضور کارشناسان در این دو روز یکسان بود؛ چیزی تغییر نکرد.'
                      : `حضور ${toPersianDigits(updated)} خانه به‌روز شد.`,
                    'success',
                  );
                  setOpen(false);
                  setFromDate('');
                },
              },
            );
          }}
        >
          <Dialog.Header>
            <Dialog.Title>کپی حضور به {target ? dateOptionLabel(target) : ''}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="4">
              <Text fontSize="sm">
                حضور یا عدم حضور هر کارشناس در هر شیفت روز انتخابی، روی همان شیفت این روز نوشته می‌شود. خانه‌هایی که سفارش یا رزرو
                موقت دارند تغییر نمی‌کنند.
              </Text>
              <Field.Root required>
                <Field.Label>از تاریخ</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field value={chosen} onChange={(e) => setFromDate(e.target.value)}>
                    <option value="" disabled>
                      روز مبدا را انتخاب کنید
                    </option>
                    {sources.map((d) => (
                      <option key={d.date} value={d.date}>
                        {dateOptionLabel(d)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">انصراف</Button>
            </Dialog.ActionTrigger>
            <Button type="submit" loading={duplicate.isPending} disabled={!chosen}>
              کپی حضور
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
