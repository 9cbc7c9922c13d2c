import { Badge, Box, Button, Table, Text } from '@chakra-ui/react';
import { toPersianDigits } from '@panel/contracts/common';
import { VEHICLE_TYPE_LABELS, type PaymentPlan } from '@panel/contracts/leasing';

const months = (list: readonly number[]) => toPersianDigits(list.join('، '));
const models = (plan: PaymentPlan) => (plan.models.length === 0 ? 'همه خودروها' : plan.models.map((m) => m.title).join('، '));

/** Plans as a table: the provider and group (unless `grouped`), rate, down payment, months, the cars it matches. */
export function PlanTable({ plans, label, grouped = false, onEdit }: { plans: readonly PaymentPlan[]; label: string; grouped?: boolean; onEdit?: (plan: PaymentPlan) => void }) {
  if (plans.length === 0) return <Text color="fg.muted">طرحی با این فیلترها نیست.</Text>;
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {!grouped && <Table.ColumnHeader>لیزینگ</Table.ColumnHeader>}
            {!grouped && <Table.ColumnHeader>گروه</Table.ColumnHeader>}
            <Table.ColumnHeader>طرح</Table.ColumnHeader>
            <Table.ColumnHeader>نوع خودرو</Table.ColumnHeader>
            <Table.ColumnHeader>نرخ سالانه</Table.ColumnHeader>
            <Table.ColumnHeader>کمینه پیش‌پرداخت</Table.ColumnHeader>
            <Table.ColumnHeader>تعداد اقساط (ماه)</Table.ColumnHeader>
            <Table.ColumnHeader>وضعیت</Table.ColumnHeader>
            <Table.ColumnHeader>خودروهای منطبق</Table.ColumnHeader>
            {onEdit && <Table.ColumnHeader>ویرایش</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {plans.map((p) => (
            <Table.Row key={p.id}>
              {!grouped && <Table.Cell>{p.provider_name}</Table.Cell>}
              {!grouped && <Table.Cell>{p.group_name}</Table.Cell>}
              <Table.Cell>{toPersianDigits(p.name)}</Table.Cell>
              <Table.Cell>{VEHICLE_TYPE_LABELS[p.vehicle_type]}</Table.Cell>
              <Table.Cell>{toPersianDigits(p.annual_rate)}٪</Table.Cell>
              <Table.Cell>{toPersianDigits(p.min_down_percent)}٪</Table.Cell>
              <Table.Cell>{months(p.months)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={p.is_active ? 'green' : 'gray'} variant="subtle">
                  {p.is_active ? 'فعال' : 'غیرفعال'}
                </Badge>
              </Table.Cell>
              <Table.Cell maxW="22rem">{toPersianDigits(models(p))}</Table.Cell>
              {onEdit && (
                <Table.Cell>
                  <Button size="xs" variant="outline" onClick={() => onEdit(p)} aria-label={`ویرایش خودروها: ${toPersianDigits(p.name)}`}>
                    ویرایش خودروها
                  </Button>
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
