import { Box, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { ORIGINALITY_ACTIONS, ORIGINALITY_MAPPING_ACCESS } from '@panel/contracts/originality-mapping';
import { HistoryTimeline, actionLogEntries } from '@panel/ui';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { RulesEditor, RulesTable } from '../components/rules-editor';

const HISTORY_LABELS = { workflow: { actions: { edit: { label: ORIGINALITY_ACTIONS.edit } }, states: {} } };

/** The originality map (issue 16, decision 085): every signed-in user reads it, staff edit it. */
export function OriginalityMappingScreen() {
  const map = useQuery(trpc.originalityMapping.map.queryOptions());
  const history = useQuery(trpc.originalityMapping.history.queryOptions());
  const canEdit = useCan(ORIGINALITY_MAPPING_ACCESS.edit);
  return (
    <Box p="6">
      <Heading as="h1" size="xl" mb="2">
        نگاشت اصالت
      </Heading>
      <Text color="fg.muted" mb="4" maxW="60rem">
        برچسب اصالتی که روی آگهی‌ها و فروش‌ها دیده می‌شود از یافته‌های بدنه در گزارش کارشناسی می‌آید: از میان قاعده‌هایی که با یافته‌های خودرو جور درمی‌آیند، قاعده با بیشترین اولویت
        برچسب را می‌دهد؛ خودرویی که یافته‌ای ندارد برچسب قاعده «بدون یافته» را می‌گیرد. «هر قطعه» با یافته روی هر قطعه‌ای جور است. تغییر نگاشت برچسب آگهی‌ها را از همین حالا عوض می‌کند.
      </Text>
      {map.isError && (
        <Text role="alert" color="fg.error">
          نگاشت اصالت بارگذاری نشد.
        </Text>
      )}
      {!map.data ? (
        !map.isError && <Text role="status">{MESSAGES.loading}</Text>
      ) : (
        <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 3fr) minmax(18rem, 1fr)' }} gap="6" alignItems="start">
          <Stack gap="3">
            <Text textStyle="sm" color="fg.muted">
              نسخه {toPersianDigits(map.data.version)}
              {map.data.updated_by ? `، آخرین ذخیره: ${map.data.updated_by} در ${formatJalaliDateTime(map.data.updated_at)}` : ''}
              {!canEdit && ' — ویرایش نگاشت با کارکنان پشتیبانی است.'}
            </Text>
            {canEdit ? <RulesEditor key={map.data.version} map={map.data} /> : <RulesTable map={map.data} />}
          </Stack>
          <HistoryTimeline title="سابقه ویرایش‌ها" entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} emptyText={history.isPending ? MESSAGES.loading : 'نگاشت هنوز ویرایش نشده است.'} />
        </Grid>
      )}
    </Box>
  );
}
