import { useEffect } from 'react';
import { Alert, Button, HStack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTehranTime } from '@panel/contracts/common';
import { CLAIM_REFRESH_SECONDS, type QcReport, type ReviewKind } from '@panel/contracts/inspection-assistants';
import { notify } from '@panel/ui';
import { sessionQueryOptions } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';

/** Whether the signed-in reviewer holds a live claim on the order shown. */
export function useMine(report: QcReport | undefined): boolean {
  const username = useQuery(sessionQueryOptions()).data?.user?.username;
  return !!report?.claimed_by && report.claimed_by === username && !!report.claim_expires_at && Date.parse(report.claim_expires_at) > Date.now();
}

/**
 * The claim of a desk (decision 098): "برداشتن" claims the order; while the reviewer holds it this
 * screen claims again every CLAIM_REFRESH_SECONDS, which keeps it alive; when the screen goes away
 * the refresh stops and the claim lapses on the server. Leaving by the release button gives it
 * back at once.
 */
export function ReviewClaim({ kind, report }: { kind: ReviewKind; report: QcReport }) {
  const queryClient = useQueryClient();
  const mine = useMine(report);
  const refresh = () => void queryClient.invalidateQueries();
  const claim = useMutation(trpc.inspectionAssistants.claim.mutationOptions({ onSettled: refresh }));
  const release = useMutation(trpc.inspectionAssistants.release.mutationOptions({ onSuccess: (r) => notify(r.message, 'success'), onSettled: refresh }));
  const { mutate } = claim;

  useEffect(() => {
    if (!mine) return;
    const timer = setInterval(() => mutate({ kind, pk: report.pk }), CLAIM_REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [mine, mutate, kind, report.pk]);

  if (mine) {
    return (
      <HStack gap="3" wrap="wrap">
        <Text textStyle="sm" color="fg.muted">
          این سفارش با شماست (تا {formatTehranTime(report.claim_expires_at!)} و با باز بودن این صفحه تمدید می‌شود).
        </Text>
        <Button size="sm" variant="outline" loading={release.isPending} onClick={() => release.mutate({ kind, pk: report.pk })}>
          برگرداندن به صف
        </Button>
      </HStack>
    );
  }
  return (
    <HStack gap="3" wrap="wrap">
      {report.claimed_by && report.claim_expires_at && Date.parse(report.claim_expires_at) > Date.now() && (
        <Alert.Root status="warning" size="sm" width="auto">
          <Alert.Indicator />
          <Alert.Title>
            این سفارش را «{report.claimed_by_name ?? report.claimed_by}» برداشته است (تا {formatTehranTime(report.claim_expires_at)}).
          </Alert.Title>
        </Alert.Root>
      )}
      <Button size="sm" colorPalette="green" loading={claim.isPending} onClick={() => claim.mutate({ kind, pk: report.pk }, { onSuccess: (r) => notify(r.message, 'success') })}>
        برداشتن سفارش
      </Button>
    </HStack>
  );
}
