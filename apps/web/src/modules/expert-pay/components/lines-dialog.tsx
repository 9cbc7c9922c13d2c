import { Button, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@panel/contracts/common';
import type { ExpertPayment } from '@panel/contracts/expert-pay';
import { DataTable, PanelDialog, csvColumns, downloadCsv, tableColumns, toCsv } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { LINE_COLUMNS } from './payment-columns';

const COLUMNS = tableColumns(LINE_COLUMNS);

/** One expert's lines of a period: each with its order, the rule version and the inputs it was computed from. */
export function LinesDialog({ period, expert, onClose }: { period: string; expert: ExpertPayment | null; onClose: () => void }) {
  const lines = useQuery({ ...trpc.expertPay.lines.queryOptions({ period, expert: expert?.expert_id }), enabled: expert !== null });
  const rows = lines.data ?? [];
  const title = expert ? `ردیف‌های پرداخت ${expert.name}` : '';
  return (
    <PanelDialog
      open={expert !== null}
      onClose={onClose}
      size="xl"
      title={title}
      footer={
        <Button variant="outline" disabled={rows.length === 0} onClick={() => downloadCsv(`expert-pay-${period}-${expert?.expert_id ?? ''}`, toCsv(rows, csvColumns(LINE_COLUMNS)))}>
          خروجی CSV ردیف‌ها
        </Button>
      }
    >
      <DataTable label={title} columns={COLUMNS} rows={rows} rowKey={(l) => `${l.kind}:${l.source_key}:${l.corrects_line ?? ''}`} loading={lines.isPending} loadingText="در حال بارگذاری ردیف‌ها…" emptyText="ردیفی نیست." />
      {expert && (
        <Text mt="3" fontWeight="bold">
          جمع: {formatNumber(rows.reduce((s, l) => s + l.amount, 0))} تومان
        </Text>
      )}
    </PanelDialog>
  );
}
