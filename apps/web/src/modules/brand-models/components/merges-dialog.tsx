import { useState } from 'react';
import { Box, Button, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { BRAND_MODELS_ACCESS, MERGE_LEVELS, MERGE_STATES, referenceLabel, type Merge } from '@panel/contracts/brand-models';
import { formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { ConfirmDialog, PanelDialog } from '@panel/ui';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { useSaved } from './saved';

/** What a merge moved, as a person reads it: «آگهی‌های خودرو: ۲، تیپ‌های مدل: ۱». */
export const movedText = (merge: Pick<Merge, 'moved'>) => {
  const parts = Object.entries(merge.moved).map(([key, n]) => `${referenceLabel(key.split('.')[0]!)}: ${n.toLocaleString('fa-IR')}`);
  return parts.length ? parts.join('، ') : 'رکوردی جابه‌جا نشد';
};

/** The latest merges of models and brands: who merged what into what, what moved, and undo for a supervisor. */
export function MergesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const merges = useQuery({ ...trpc.brandModels.merges.queryOptions(), enabled: open });
  const canMerge = useCan(BRAND_MODELS_ACCESS.merge);
  const [undoing, setUndoing] = useState<Merge | null>(null);
  const undo = useSaved();
  const rows = merges.data ?? [];
  return (
    <PanelDialog open={open} onClose={onClose} size="xl" title="ادغام‌ها">
      {rows.length === 0 ? (
        <Text color="fg.muted">{merges.isLoading ? 'در حال بارگذاری…' : 'هنوز ادغامی انجام نشده است.'}</Text>
      ) : (
        <Box maxH="30rem" overflowY="auto" tabIndex={0} role="region" aria-label="فهرست ادغام‌ها">
          <Table.Root size="sm" aria-label="ادغام‌ها" stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>زمان</Table.ColumnHeader>
                <Table.ColumnHeader>ادغام‌شده</Table.ColumnHeader>
                <Table.ColumnHeader>در</Table.ColumnHeader>
                <Table.ColumnHeader>جابه‌جا شده</Table.ColumnHeader>
                <Table.ColumnHeader>وضعیت</Table.ColumnHeader>
                {canMerge && <Table.ColumnHeader>اقدام</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((m) => (
                <Table.Row key={m.id}>
                  <Table.Cell>{`${formatJalaliDateTime(m.created_at)} — ${m.created_by}`}</Table.Cell>
                  <Table.Cell>{`${MERGE_LEVELS[m.level]} ${toPersianDigits(m.source_name)}`}</Table.Cell>
                  <Table.Cell>{`${MERGE_LEVELS[m.level]} ${toPersianDigits(m.target_name)}`}</Table.Cell>
                  <Table.Cell>{movedText(m)}</Table.Cell>
                  <Table.Cell>{m.state === 'undone' && m.undone_at ? `${MERGE_STATES.undone} (${formatJalaliDateTime(m.undone_at)})` : MERGE_STATES[m.state]}</Table.Cell>
                  {canMerge && (
                    <Table.Cell>
                      {m.state === 'done' && (
                        <Button size="xs" variant="outline" colorPalette="red" onClick={() => setUndoing(m)} aria-label={`برگرداندن ادغام ${m.source_name}`}>
                          برگرداندن
                        </Button>
                      )}
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <ConfirmDialog
        open={undoing !== null}
        onClose={() => setUndoing(null)}
        title="برگرداندن ادغام"
        message={undoing && `رکوردهایی که با این ادغام از «${toPersianDigits(undoing.source_name)}» به «${toPersianDigits(undoing.target_name)}» رفتند برمی‌گردند و «${toPersianDigits(undoing.source_name)}» دوباره فعال می‌شود.`}
        confirmLabel="برگرداندن ادغام"
        destructive
        onConfirm={async () => {
          await undo(trpc.brandModels.undoMerge, { id: undoing!.id });
          onClose();
        }}
      />
    </PanelDialog>
  );
}
