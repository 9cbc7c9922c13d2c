import { useState } from 'react';
import { Button, HStack, Kbd, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { MESSAGES, formatJalaliDateTime, formatMileage, formatToman, toPersianDigits } from '@panel/contracts/common';
import { CarPostIdInputSchema, carPostListFilter, insuranceDeadlineText, type CarPostAction, type CarPostDetail, type CarPostState } from '@panel/contracts/car-posts';
import { DetailGroups, DetailPage, LatinCode, type DetailGroup } from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { trpc } from '../../../lib/trpc';
import { CarPostActions } from '../components/car-post-actions';
import { CarPostStateBadge } from '../components/car-post-columns';
import { CarPostGallery } from '../components/car-post-gallery';
import { CarPostFeedbackList, CarPostHistory, CarPostVersions } from '../components/car-post-history';
import { QUEUE_KEYS, useQueueKeys } from '../components/queue-keys';


const yesNo = (value: boolean) => (value ? 'بله' : 'خیر');
const digits = (value: string | number | null) => (value === null ? null : toPersianDigits(value));

/** Every field of the car post detail (spec §3), grouped the way a moderator reads a post. */
const POST_GROUPS: DetailGroup<CarPostDetail>[] = [
  {
    title: 'خودرو',
    fields: [
      { label: 'برند و مدل', value: (p) => p.brand_model },
      { label: 'سال ساخت', value: (p) => digits(p.year) },
      { label: 'کارکرد', value: (p) => formatMileage(p.usage) },
      { label: 'رنگ', value: (p) => p.color },
      { label: 'گیربکس', value: (p) => p.gearbox },
      { label: 'وضعیت بدنه', value: (p) => p.body_status },
      { label: 'اصالت', value: (p) => p.originality_label },
      { label: 'کد پلاک', value: (p) => digits(p.license_plate_code) },
      { label: 'شماره شاسی (VIN)', value: (p) => p.vin && <LatinCode value={p.vin} /> },
    ],
  },
  {
    title: 'قیمت',
    fields: [
      { label: 'قیمت', value: (p) => formatToman(p.price) },
      { label: 'تخفیف دارد', value: (p) => yesNo(p.is_discounted) },
      { label: 'قیمت با تخفیف', value: (p) => p.discounted_price !== null && formatToman(p.discounted_price), hidden: (p) => !p.is_discounted },
    ],
  },
  {
    title: 'مدارک و بیمه',
    fields: [
      { label: 'سند', value: (p) => p.document },
      { label: 'مهلت بیمه شخص ثالث', value: (p) => p.third_party_insurance_deadline && insuranceDeadlineText(p.third_party_insurance_deadline) },
      { label: 'شناسه کارشناسی', value: (p) => p.inspection_token && <LatinCode value={p.inspection_token} /> },
    ],
  },
  {
    title: 'مالک و کارشناس فروش',
    fields: [
      { label: 'نام مالک', value: (p) => p.owner_name },
      { label: 'تلفن مالک', value: (p) => digits(p.owner_phone_number), ltr: true },
      { label: 'کارشناس فروش', value: (p) => p.sales_expert_name },
      { label: 'تلفن کارشناس فروش', value: (p) => digits(p.sales_expert_phone_number), ltr: true },
    ],
  },
  {
    title: 'آگهی',
    fields: [
      { label: 'عنوان', value: (p) => p.title },
      { label: 'نوع آگهی', value: (p) => p.car_post_type_fa },
      { label: 'شهر', value: (p) => p.city },
      { label: 'شناسه آگهی', value: (p) => <LatinCode value={p.token} /> },
      { label: 'زمان ثبت', value: (p) => formatJalaliDateTime(p.created_at) },
      { label: 'در انتظار بررسی از', value: (p) => formatJalaliDateTime(p.submitted_at) },
      { label: 'تعداد نسخه‌ها', value: (p) => toPersianDigits(p.versions.length + 1) },
      {
        label: 'لینک آگهی',
        value: (p) =>
          p.car_post_link && (
            <Link href={p.car_post_link} target="_blank" rel="noreferrer" dir="ltr" colorPalette="green" data-ltr="">
              {p.car_post_link}
            </Link>
          ),
      },
      {
        label: 'فروش همراه',
        value: (p) =>
          p.concierge_sale_url && (
            <Link href={p.concierge_sale_url} colorPalette="green">
              {`فروش ${toPersianDigits(p.concierge_sale_id ?? '')}`}
            </Link>
          ),
      },
      { label: 'توضیحات', value: (p) => p.description },
    ],
  },
];

/**
 * One car post (the implied "car post detail" of spec §2): gallery, every field, the actions the
 * state allows, history, versions and what the seller was told. The list's filter stays in the
 * address, so J / K walk the same queue and A / R / E act on the post shown.
 */
export function CarPostDetailScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { filter } = useAddressFilter(carPostListFilter);
  const [asking, setAsking] = useState<CarPostAction | null>(null);
  const parsed = CarPostIdInputSchema.safeParse({ id });
  const postId = parsed.success ? parsed.data.id : 0;
  const detail = useQuery({ ...trpc.carPosts.detail.queryOptions({ id: postId }), enabled: parsed.success });
  const around = useQuery({ ...trpc.carPosts.neighbours.queryOptions({ id: postId, filter }), enabled: parsed.success });
  const post = detail.data;
  const go = (target: number | null | undefined) => target && navigate(`/panel/car-posts/${target}${location.search}`);

  useQueueKeys({
    next: () => go(around.data?.next),
    previous: () => go(around.data?.previous),
    approve: () => setAsking('approve'),
    reject: () => setAsking('reject'),
    editing: () => setAsking('return_to_editing'),
  });

  return (
    <DetailPage
      back={{ label: 'بازگشت به صف آگهی‌ها', onClick: () => navigate(`/panel/car-posts${location.search}`) }}
      status={!parsed.success || detail.isError ? 'missing' : post ? 'ready' : 'loading'}
      loadingText={MESSAGES.loading}
      missingText="آگهی یافت نشد."
      title={post && toPersianDigits(post.title)}
      badge={post && <CarPostStateBadge state={post.state as CarPostState} size="lg" />}
      actions={post && <CarPostActions key={`${post.id}:${post.version}`} post={post} asking={asking} onAsk={setAsking} />}
    >
      {post && (
        <Stack gap="4">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <HStack gap="2">
              <Button size="sm" variant="outline" disabled={!around.data?.previous} onClick={() => go(around.data?.previous)} aria-keyshortcuts="K">
                <LuChevronRight aria-hidden />
                آگهی قبلی (K)
              </Button>
              <Button size="sm" variant="outline" disabled={!around.data?.next} onClick={() => go(around.data?.next)} aria-keyshortcuts="J">
                آگهی بعدی (J)
                <LuChevronLeft aria-hidden />
              </Button>
            </HStack>
            <HStack gap="2" color="fg.muted" textStyle="sm" wrap="wrap">
              <Text>میانبرها:</Text>
              <Kbd>{QUEUE_KEYS.approve.label}</Kbd>
              <Text>تأیید،</Text>
              <Kbd>{QUEUE_KEYS.reject.label}</Kbd>
              <Text>رد،</Text>
              <Kbd>{QUEUE_KEYS.editing.label}</Kbd>
              <Text>بازگشت برای ویرایش،</Text>
              <Kbd>{QUEUE_KEYS.next.label}</Kbd>
              <Text>/</Text>
              <Kbd>{QUEUE_KEYS.previous.label}</Kbd>
              <Text>بعدی و قبلی</Text>
            </HStack>
          </HStack>
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" alignItems="start">
            <CarPostGallery images={post.car_images} title={post.title} />
            <CarPostHistory post={post} />
          </SimpleGrid>
          <DetailGroups item={post} groups={POST_GROUPS} />
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" alignItems="start">
            <CarPostVersions versions={post.versions} />
            <CarPostFeedbackList id={post.id} />
          </SimpleGrid>
        </Stack>
      )}
    </DetailPage>
  );
}
