import { Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { formatJalaliDateTime, formatNumber } from '@panel/contracts/common';
import type { Campaign } from '@panel/contracts/discounts';
import { trpc } from '../../../lib/trpc';
import { useCampaignCsv } from './campaign-dialog';

function CampaignRow({ campaign }: { campaign: Campaign }) {
  const csv = useCampaignCsv();
  const running = campaign.state === 'running';
  return (
    <HStack gap="4" justify="space-between" flexWrap="wrap">
      <Stack gap="1" flex="1" minW="16rem">
        <Text fontWeight="bold">{`کمپین «${campaign.name}» — پیشوند ${campaign.prefix}`}</Text>
        <Text textStyle="sm" role="status">
          {running
            ? `${formatNumber(campaign.done)} از ${formatNumber(campaign.total)} کد ساخته شده است؛ ساخت ادامه دارد.`
            : `${formatNumber(campaign.total)} کد، ساخته‌شده در ${formatJalaliDateTime(campaign.finished_at ?? campaign.created_at)}`}
        </Text>
        {running && (
          <Progress.Root value={(100 * campaign.done) / campaign.total} colorPalette="green" size="sm" aria-label={`پیشرفت کمپین ${campaign.name}`}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
      </Stack>
      <Button size="sm" variant="outline" disabled={running} loading={csv.busy} onClick={() => void csv.download(campaign)}>
        CSV کدهای کمپین
      </Button>
    </HStack>
  );
}

/**
 * Above the list: the campaigns still being made, with their progress (polled while any runs),
 * and the one the list is filtered by, with its CSV.
 */
export function CampaignsPanel({ campaignId }: { campaignId: number | undefined }) {
  const campaigns = useQuery({
    ...trpc.discounts.campaigns.queryOptions(),
    refetchInterval: (query) => (query.state.data?.some((c) => c.state === 'running') ? 2000 : false),
  });
  const shown = (campaigns.data ?? []).filter((c) => c.state === 'running' || c.id === campaignId);
  if (shown.length === 0) return null;
  return (
    <Box as="section" aria-label="کمپین‌ها" borderWidth="1px" borderRadius="md" p="3" mb="3">
      <Stack gap="3">
        {shown.map((c) => (
          <CampaignRow key={c.id} campaign={c} />
        ))}
      </Stack>
    </Box>
  );
}
