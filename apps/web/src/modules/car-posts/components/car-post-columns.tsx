import { Badge, Box, Image, Stack, Text } from '@chakra-ui/react';
import { formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { CAR_POST_STATES, CAR_POST_TYPES, type CarPostListItem, type CarPostState } from '@panel/contracts/car-posts';
import { LatinCode, type ListColumn } from '@panel/ui';

const STATE_COLORS: Record<CarPostState, string> = { pending: 'orange', editing: 'purple', published: 'green', rejected: 'red', archived: 'gray' };

export function CarPostStateBadge({ state, size = 'sm' }: { state: CarPostState; size?: 'sm' | 'lg' }) {
  return (
    <Badge colorPalette={STATE_COLORS[state]} variant="subtle" size={size}>
      {CAR_POST_STATES[state]}
    </Badge>
  );
}

/** The price a buyer sees: the discounted one, with the original beside it. */
export const postPrice = (p: Pick<CarPostListItem, 'price' | 'is_discounted' | 'discounted_price'>) =>
  p.is_discounted && p.discounted_price !== null ? `${formatToman(p.discounted_price)} (به‌جای ${formatToman(p.price)})` : formatToman(p.price);

/** The queue's columns, declared once for the table and the CSV. */
export const CAR_POST_COLUMNS: ListColumn<CarPostListItem>[] = [
  {
    key: 'cover',
    header: 'تصویر',
    text: (p) => (p.cover_url ? 'دارد' : 'ندارد'),
    csv: (p) => p.cover_url ?? '',
    render: (p) =>
      p.cover_url ? (
        <Image src={p.cover_url} alt={`تصویر کاور ${p.title}`} width="16" height="11" objectFit="cover" borderRadius="sm" loading="lazy" />
      ) : (
        <Box width="16" height="11" bg="bg.muted" borderRadius="sm" />
      ),
  },
  {
    key: 'title',
    header: 'آگهی',
    text: (p) => p.title,
    render: (p) => (
      <Stack gap="0">
        <Text fontWeight="medium">{toPersianDigits(p.title)}</Text>
        <LatinCode value={p.token} textStyle="xs" color="fg.muted" textAlign="end" />
      </Stack>
    ),
  },
  { key: 'brand_model', header: 'خودرو', text: (p) => `${p.brand_model} ${toPersianDigits(p.year)}`, csv: (p) => `${p.brand_model} ${p.year}` },
  { key: 'city', header: 'شهر', text: (p) => p.city },
  { key: 'price', header: 'قیمت', text: postPrice, csv: (p) => (p.is_discounted ? p.discounted_price : p.price), sortKey: 'price' },
  { key: 'type', header: 'نوع', text: (p) => CAR_POST_TYPES[p.car_post_type] },
  { key: 'owner', header: 'مالک', text: (p) => p.owner_name },
  { key: 'owner_phone', header: 'تلفن مالک', text: (p) => toPersianDigits(p.owner_phone_number), csv: (p) => p.owner_phone_number },
  { key: 'sales_expert', header: 'کارشناس فروش', text: (p) => p.sales_expert_name ?? '—' },
  { key: 'state', header: 'وضعیت', text: (p) => CAR_POST_STATES[p.state], render: (p) => <CarPostStateBadge state={p.state} /> },
  { key: 'submitted_at', header: 'در انتظار از', text: (p) => formatJalaliDateTime(p.submitted_at), csv: (p) => p.submitted_at, csvDate: 'instant', sortKey: 'waiting' },
  { key: 'created_at', header: 'زمان ثبت', text: (p) => formatJalaliDateTime(p.created_at), csv: (p) => p.created_at, csvDate: 'instant', sortKey: 'created_at' },
];
