import { useState } from 'react';
import { Box, Button, HStack, Heading, Input, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { formatNumber, toLatinDigits, toPersianDigits } from '@panel/contracts/common';
import { EXPERT_PAY_ACCESS, type ShareRule } from '@panel/contracts/expert-pay';
import { DataTable, tableColumns } from '@panel/ui';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { RULE_COLUMNS, ruleScope } from '../components/rule-columns';
import { RuleDialog } from '../components/rule-dialog';

const COLUMNS = tableColumns(RULE_COLUMNS);

/** Which rule decides an order's shares: typed by its code. */
function ApplicableLookup() {
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState('');
  const answer = useQuery({ ...trpc.expertPay.applicableRule.queryOptions({ code }), enabled: code !== '', retry: false });
  const rule = answer.data?.rule;
  return (
    <Box as="section" aria-labelledby="applicable-title" mt="6" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="md" mb="3" id="applicable-title">
        قاعده اعمال‌شده بر یک سفارش
      </Heading>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setCode(toLatinDigits(typed.trim()));
        }}
      >
        <HStack gap="2">
          <Input aria-label="کد سفارش" placeholder="کد سفارش" value={typed} onChange={(e) => setTyped(e.target.value)} maxW="14rem" dir="ltr" />
          <Button type="submit" variant="outline">
            نمایش قاعده
          </Button>
        </HStack>
      </form>
      {answer.isError && <Text mt="3" color="fg.error" role="alert">سفارشی با این کد یافت نشد.</Text>}
      {answer.data && (
        <Text mt="3" role="status">
          سفارش {toPersianDigits(answer.data.inspection.code)} (قیمت {formatNumber(answer.data.inspection.price)} تومان):{' '}
          {rule ? `قاعده ${toPersianDigits(String(rule.rule_id))} نسخه ${toPersianDigits(String(rule.version))} — ${ruleScope(rule)}` : 'هیچ قاعده‌ای؛ ضرایب پیش‌فرض ۱٫۰۰'}
        </Text>
      )}
    </Box>
  );
}

/** Inspection settings (`/panel/settings/inspection`, spec §3): the share rules, dated, one per day, with their versions. */
export function InspectionSettingsScreen() {
  const rules = useQuery(trpc.expertPay.rules.queryOptions());
  const canChange = useCan(EXPERT_PAY_ACCESS.rules);
  const [editing, setEditing] = useState<{ rule: ShareRule | null } | null>(null);
  return (
    <Box p="6">
      <HStack justify="space-between" mb="4" flexWrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          تنظیمات سهم کارشناس
        </Heading>
        {canChange && (
          <Button colorPalette="blue" onClick={() => setEditing({ rule: null })}>
            قاعده سهم تازه
          </Button>
        )}
      </HStack>
      <Text mb="3" color="fg.muted">
        هر قاعده برای یک بازه تاریخ (یا یک روز شیفت) ضریب‌های قیمت، سهم کارشناس و سهم مکانیک را تعیین می‌کند؛ بازه‌های قاعده‌های برقرار هم‌پوشانی ندارند. ویرایش یک قاعده نسخه تازه‌ای از آن می‌سازد.
      </Text>
      {rules.isError && <Text role="alert" color="fg.error">قاعده‌ها بارگذاری نشد.</Text>}
      <DataTable
        label="قاعده‌های سهم"
        columns={COLUMNS}
        rows={rules.data ?? []}
        rowKey={(r) => String(r.pk)}
        loading={rules.isPending}
        loadingText="در حال بارگذاری قاعده‌ها…"
        emptyText="هنوز قاعده‌ای ثبت نشده است؛ همه سفارش‌ها با ضرایب پیش‌فرض ۱٫۰۰ حساب می‌شوند."
        onRowClick={canChange ? (r) => r.in_force && setEditing({ rule: r }) : undefined}
      />
      <ApplicableLookup />
      <RuleDialog open={editing !== null} rule={editing?.rule ?? null} onClose={() => setEditing(null)} />
    </Box>
  );
}
