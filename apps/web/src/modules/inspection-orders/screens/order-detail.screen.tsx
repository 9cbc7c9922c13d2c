import type { ReactNode } from 'react';
import { Badge, Box, Button, DataList, HStack, Heading, Spinner, Text, VStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { LuArrowRight } from 'react-icons/lu';
import { MESSAGES, formatJalaliDate, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { OrderPkInputSchema, type OrderDetail } from '@panel/contracts/inspection-orders';
import { trpc } from '../../../lib/trpc';
import { orderStateLabel, requestTypeLabel, timeSlotLabel } from '../state/order-labels';

const yesNo = (value: boolean) => (value ? 'بله' : 'خیر');
const orDash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);

/** The inspection order detail fields of spec §3, in the order staff read them on a call. */
function fields(order: OrderDetail): [string, ReactNode][] {
  return [
    ['نام مشتری', order.customer_name],
    ['شماره تماس', toPersianDigits(order.phone_number)],
    ['شهر', order.city],
    ['محل بازدید', order.visit_place],
    ['مرکز کارشناسی', orDash(order.inspection_center)],
    ['شناسه مرکز', order.center === null ? '—' : toPersianDigits(order.center)],
    ['خودرو', order.brand_model],
    ['بسته', order.package],
    ['قیمت', formatToman(order.price)],
    ['تاریخ بازدید', order.visit_date ? formatJalaliDate(order.visit_date) : '—'],
    ['بازه زمانی', orDash(timeSlotLabel(order.time_slot))],
    ['زمان بازدید', order.visit_time ? formatJalaliDateTime(order.visit_time) : '—'],
    ['کارشناسی فوری', yesNo(order.is_immediate)],
    ['لغو شده', yesNo(order.is_canceled)],
    ['مابه‌التفاوت قیمت', formatToman(order.price_diff)],
    ['فروش همراه', order.concierge_sale === null ? '—' : toPersianDigits(order.concierge_sale)],
    ['نام فروشنده', orDash(order.seller_name)],
    ['تلفن فروشنده', order.seller_phone_number ? toPersianDigits(order.seller_phone_number) : '—'],
    ['نوع درخواست', requestTypeLabel(order.request_type)],
    ['پشتیبان', orDash(order.assistant)],
    ['کارشناس', order.expert_id === null ? '—' : toPersianDigits(order.expert_id)],
    ['مکانیک', order.mechanic_id === null ? '—' : toPersianDigits(order.mechanic_id)],
    ['توضیحات', orDash(order.description)],
    ['یادداشت عملیات', orDash(order.operation_note)],
    ['زمان ثبت', formatJalaliDateTime(order.created_at)],
  ];
}

export function OrderDetailScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const pk = OrderPkInputSchema.safeParse({ pk: id });
  const detail = useQuery({
    ...trpc.inspectionOrders.detail.queryOptions({ pk: pk.success ? pk.data.pk : 0 }),
    enabled: pk.success,
  });

  return (
    <Box p="6" maxW="60rem">
      <Button size="sm" variant="ghost" mb="3" onClick={() => navigate(-1)}>
        <LuArrowRight aria-hidden />
        بازگشت به لیست
      </Button>
      {!pk.success || detail.isError ? (
        <Text role="alert">سفارش یافت نشد.</Text>
      ) : detail.isPending ? (
        <VStack py="10" role="status">
          <Spinner />
          <Text>{MESSAGES.loading}</Text>
        </VStack>
      ) : (
        <>
          <HStack gap="3" mb="4">
            <Heading as="h1" size="xl">
              سفارش {toPersianDigits(detail.data.code)}
            </Heading>
            <Badge size="lg" variant="subtle">
              {orderStateLabel(detail.data.state)}
            </Badge>
          </HStack>
          <DataList.Root orientation="horizontal" size="md" borderWidth="1px" borderRadius="md" p="4" gap="3">
            {fields(detail.data).map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel minW="10rem">{label}</DataList.ItemLabel>
                <DataList.ItemValue>{typeof value === 'string' ? toPersianDigits(value) : value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </>
      )}
    </Box>
  );
}
