import { useEffect, useRef } from 'react';
import { Box, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { CELL_HISTORY_ACTION_LABELS, type Cell } from '@panel/contracts/dispatch';
import { trpc } from '../../../lib/trpc';

/** History and notes of the cell, refreshed whenever the cell changes on the server. */
export function CellActivity({ cell }: { cell: Cell }) {
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
