import { useState } from 'react';
import { Badge, Box, Button, HStack, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PHOTO_SLOT_LABELS, type PhotoSlot } from '@panel/contracts/common';
import { SLOT_VERDICTS, type Photo, type QcReport } from '@panel/contracts/inspection-assistants';
import { ConfirmDialog, DetailGroups, notify, type DetailGroup } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

/** The report's sections (order, car and package, visit) as detail groups. */
export function ReportSections({ report }: { report: QcReport }) {
  const groups: DetailGroup<QcReport>[] = report.sections.map((section) => ({
    title: section.title,
    fields: section.rows.map((row) => ({ label: row.label, value: () => row.value })),
  }));
  return <DetailGroups item={report} groups={groups} />;
}

const VERDICT_PALETTE = { ok: 'green', problem: 'red' } as const;

/**
 * The five photo slots of spec §3 with the verdict of each; `judging` (the reviewer holds the
 * claim of a QC order) gives each slot its approve and "has a problem" buttons, the latter asking
 * what the problem is.
 */
export function ReportPhotos({ report, judging }: { report: QcReport; judging: boolean }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<PhotoSlot | null>(null);
  const verdict = useMutation(trpc.inspectionAssistants.verdict.mutationOptions({ onSuccess: (r) => notify(r.message, 'success'), onSettled: () => void queryClient.invalidateQueries() }));
  const judge = (photo: Photo, value: 'ok' | 'problem', note = '') => verdict.mutateAsync({ pk: report.pk, slot: photo.slot, verdict: value, note });

  return (
    <Box as="section" aria-labelledby="report-photos">
      <Heading as="h2" size="md" mb="3" id="report-photos">
        عکس‌های گزارش
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3">
        {report.photos.map((photo) => (
          <Stack key={photo.slot} gap="2" borderWidth="1px" borderRadius="md" p="2">
            <HStack justify="space-between">
              <Text fontWeight="bold">{photo.label}</Text>
              {photo.verdict && (
                <Badge colorPalette={VERDICT_PALETTE[photo.verdict]} variant="solid">
                  {SLOT_VERDICTS[photo.verdict]}
                </Badge>
              )}
            </HStack>
            {photo.url ? (
              <Image src={photo.url} alt={`${photo.label} خودروی سفارش`} width="100%" aspectRatio={4 / 3} objectFit="cover" borderRadius="sm" bg="bg.muted" />
            ) : (
              <Box aspectRatio={4 / 3} bg="bg.muted" borderRadius="sm" display="flex" alignItems="center" justifyContent="center">
                <Text color="fg.muted">عکسی نیست</Text>
              </Box>
            )}
            {photo.note && <Text textStyle="sm">{photo.note}</Text>}
            {judging && photo.url && (
              <HStack gap="2">
                <Button size="xs" colorPalette="green" variant={photo.verdict === 'ok' ? 'solid' : 'outline'} onClick={() => void judge(photo, 'ok')} aria-label={`تأیید ${photo.label}`}>
                  {SLOT_VERDICTS.ok}
                </Button>
                <Button size="xs" colorPalette="red" variant={photo.verdict === 'problem' ? 'solid' : 'outline'} onClick={() => setProblem(photo.slot)} aria-label={`ایراد ${photo.label}`}>
                  {SLOT_VERDICTS.problem}
                </Button>
              </HStack>
            )}
          </Stack>
        ))}
      </SimpleGrid>
      <ConfirmDialog
        open={problem !== null}
        onClose={() => setProblem(null)}
        title={problem ? `ایراد ${PHOTO_SLOT_LABELS[problem]}` : 'ایراد عکس'}
        confirmLabel="ثبت ایراد"
        reason="required"
        reasonLabel="ایراد"
        onConfirm={(note) => judge(report.photos.find((p) => p.slot === problem)!, 'problem', note)}
      />
    </Box>
  );
}
