import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDate, formatJalaliDateTime, formatMileage, formatToman, toPersianDigits, type ActionLogEntry } from '@panel/contracts/common';
import { CAR_POST_WORKFLOW, type CarPostDetail, type CarPostVersion } from '@panel/contracts/car-posts';
import { actionLogTitle, type HistoryEntry, HistoryTimeline } from '@panel/ui';
import { trpc } from '../../../lib/trpc';


/** The fields a version can change, as a person names them, and how their values read. */
const FIELD_LABELS: Record<string, string> = {
  price: 'قیمت',
  discounted_price: 'قیمت با تخفیف',
  usage: 'کارکرد',
  title: 'عنوان',
  description: 'توضیحات',
  color: 'رنگ',
  body_status: 'وضعیت بدنه',
  owner_name: 'نام مالک',
  owner_phone_number: 'تلفن مالک',
  third_party_insurance_deadline: 'مهلت بیمه شخص ثالث',
};
function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if ((field === 'price' || field === 'discounted_price') && typeof value === 'number') return formatToman(value);
  if (field === 'usage' && typeof value === 'number') return formatMileage(value);
  // A day since migration 0802; versions written before it kept the months left.
  if (field === 'third_party_insurance_deadline') return typeof value === 'number' ? `${toPersianDigits(value)} ماه` : formatJalaliDate(String(value));
  return toPersianDigits(String(value));
}
const changedFields = (version: CarPostVersion) => Object.keys(version.changes).map((f) => FIELD_LABELS[f] ?? f);

/** An ownership change writes its log row and its version at one moment (one transaction). */
const sameMoment = (entry: ActionLogEntry, version: CarPostVersion) => Math.abs(Date.parse(entry.at) - Date.parse(version.created_at)) < 5_000;
const isOwnership = (version: CarPostVersion) => 'owner_phone_number' in version.changes || 'owner_name' in version.changes;

/** 'از علی رضایی (۰۹۱۲…) به نیما شریفی (۰۹۳۵…)': who owned the post before and who owns it now, from the change's version. */
function ownershipMove(version: CarPostVersion, post: CarPostDetail): string {
  const { owner_name: name, owner_phone_number: phone } = version.changes;
  // A field the change kept (the same name under a new phone) is not in the version: it is the post's.
  const side = (which: 'from' | 'to') => `${String(name?.[which] ?? post.owner_name)} (${toPersianDigits(String(phone?.[which] ?? post.owner_phone_number))})`;
  return `از ${side('from')} به ${side('to')}`;
}

/**
 * The post's history: every state change from the action log and every edit (a version), with
 * who, when and why, newest first. An ownership change is both a log entry and a version: it is
 * told once, as the action, with the old and the new owner from its version.
 */
export function CarPostHistory({ post }: { post: CarPostDetail }) {
  const log = useQuery(trpc.carPosts.history.queryOptions({ id: post.id }));
  const ownership = (log.data ?? []).filter((e) => e.action === 'change_ownership');
  const versionOf = (entry: ActionLogEntry) => post.versions.find((v) => isOwnership(v) && sameMoment(entry, v));
  const entries: (HistoryEntry & { time: number })[] = [
    ...(log.data ?? []).map((entry) => {
      const version = entry.action === 'change_ownership' ? versionOf(entry) : undefined;
      const reason = entry.reason ? toPersianDigits(entry.reason) : undefined;
      return {
        key: `log-${entry.id}`,
        time: Date.parse(entry.at),
        at: formatJalaliDateTime(entry.at),
        who: entry.actor_fullname || entry.actor_username,
        title: actionLogTitle(entry, { workflow: CAR_POST_WORKFLOW }),
        detail: version ? [ownershipMove(version, post), reason].filter(Boolean).join(' — ') : reason,
      };
    }),
    ...post.versions
      .filter((v) => !(isOwnership(v) && ownership.some((e) => sameMoment(e, v))))
      .map((version) => ({
        key: `version-${version.version}`,
        time: Date.parse(version.created_at),
        at: formatJalaliDateTime(version.created_at),
        who: version.editor ?? 'فروشنده',
        title: `ویرایش آگهی (نسخه ${toPersianDigits(version.version)}): ${changedFields(version).join('، ')}`,
        detail: version.reason || undefined,
      })),
  ].sort((a, b) => b.time - a.time);
  return <HistoryTimeline title="تاریخچه آگهی" emptyText={log.isPending ? MESSAGES.loading : 'هنوز کاری روی این آگهی ثبت نشده است.'} entries={entries} />;
}

/** Each version beside the one before it: the fields it changed, before and after. */
export function CarPostVersions({ versions }: { versions: readonly CarPostVersion[] }) {
  return (
    <Box as="section" aria-label="نسخه‌های آگهی" borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Heading as="h2" size="sm" mb="3" color="fg.muted">
        نسخه‌های آگهی
      </Heading>
      {versions.length === 0 ? (
        <Text color="fg.muted">آگهی از زمان ثبت ویرایش نشده است.</Text>
      ) : (
        <Stack gap="4">
          {versions.map((version) => (
            <Box key={version.version}>
              <Text fontWeight="medium" mb="1">
                نسخه {toPersianDigits(version.version)} · {version.editor ?? 'فروشنده'} · {formatJalaliDateTime(version.created_at)}
                {version.reason && ` · ${version.reason}`}
              </Text>
              <Table.Root size="sm" variant="outline" aria-label={`تغییرات نسخه ${toPersianDigits(version.version)}`}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>فیلد</Table.ColumnHeader>
                    <Table.ColumnHeader>نسخه قبل</Table.ColumnHeader>
                    <Table.ColumnHeader>{`نسخه ${toPersianDigits(version.version)}`}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {Object.entries(version.changes).map(([field, change]) => (
                    <Table.Row key={field}>
                      <Table.Cell>{FIELD_LABELS[field] ?? field}</Table.Cell>
                      <Table.Cell color="fg.muted" textDecoration="line-through">
                        {valueText(field, change.from)}
                      </Table.Cell>
                      <Table.Cell fontWeight="medium">{valueText(field, change.to)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** What the seller was told about rejections and returns to editing. */
export function CarPostFeedbackList({ id }: { id: number }) {
  const feedback = useQuery(trpc.carPosts.feedback.queryOptions({ id }));
  const rows = feedback.data ?? [];
  return (
    <Box as="section" aria-label="پیام‌های فروشنده" borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Heading as="h2" size="sm" mb="3" color="fg.muted">
        پیام‌های فرستاده‌شده به فروشنده
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted">{feedback.isPending ? MESSAGES.loading : 'پیامی برای فروشنده فرستاده نشده است.'}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {rows.map((f) => (
            <Box as="li" key={f.id}>
              <Text>{toPersianDigits(f.message)}</Text>
              <Text textStyle="sm" color="fg.muted">
                {f.actor_fullname} · {formatJalaliDateTime(f.created_at)}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
