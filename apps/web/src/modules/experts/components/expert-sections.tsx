import type { ReactNode } from 'react';
import { Badge, Box, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { AVAILABILITY_LABELS, INSPECTION_STATE_LABELS, formatJalaliDateLong, formatJalaliDateTime, formatToman, toPersianDigits, type InspectionState } from '@panel/contracts/common';
import { EXPERT_TICKET_CATEGORIES, type ExpertOverview } from '@panel/contracts/experts';
import { EXPERT_PAY_ACCESS, PAY_LINE_KIND_LABELS, periodLabel } from '@panel/contracts/expert-pay';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';

// The sections of an expert's page under the profile: the week on the dispatch sheet, recent
// inspections, tickets, messages sent to them, and the place the expert-pay module fills.

const hour = (time: string) => toPersianDigits(String(Number(time.slice(0, 2))));
const dayLabel = (date: string) => formatJalaliDateLong(`${date}T12:00:00+03:30`);
const stateLabel = (state: string) => INSPECTION_STATE_LABELS[state as InspectionState] ?? state;
const AVAILABILITY_PALETTE = ['green', 'gray', 'blue', 'orange', 'purple'] as const;

export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="md" p="4" bg="bg.panel">
      <Stack direction="row" justify="space-between" align="center" mb="3">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {action}
      </Stack>
      {children}
    </Box>
  );
}

/** The expert's cells from today on, a row a day and a column a shift, as the sheet has them. */
export function ExpertWeek({ week }: { week: ExpertOverview['week'] }) {
  if (week.length === 0) return <Text color="fg.muted">برای این کارشناس از امروز شیفتی در برگه تخصیص ساخته نشده است.</Text>;
  const shifts = week[0]!.shifts.map((s) => `${hour(s.start)} تا ${hour(s.end)}`);
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label="شیفت‌های هفته">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>روز</Table.ColumnHeader>
            {shifts.map((s) => (
              <Table.ColumnHeader key={s}>{s}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {week.map((day) => (
            <Table.Row key={day.date}>
              <Table.Cell whiteSpace="nowrap">{dayLabel(day.date)}</Table.Cell>
              {day.shifts.map((s) => (
                <Table.Cell key={s.cell}>
                  {s.inspection ? (
                    <Link asChild colorPalette="blue">
                      <RouterLink to={`/panel/inspection/orders/${s.inspection.pk}`}>{`${toPersianDigits(s.inspection.code)} · ${stateLabel(s.inspection.state)}`}</RouterLink>
                    </Link>
                  ) : (
                    <Badge size="sm" variant="subtle" colorPalette={AVAILABILITY_PALETTE[s.state]}>
                      {AVAILABILITY_LABELS[s.state]}
                    </Badge>
                  )}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export function ExpertInspections({ inspections }: { inspections: ExpertOverview['inspections'] }) {
  if (inspections.length === 0) return <Text color="fg.muted">هنوز بازدیدی برای این کارشناس ثبت نشده است.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label="بازدیدهای اخیر">
        <Table.Header>
          <Table.Row>
            {['کد سفارش', 'تاریخ', 'بازه', 'خودرو', 'شهر', 'وضعیت', 'مبلغ'].map((h) => (
              <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {inspections.map((i) => (
            <Table.Row key={i.pk}>
              <Table.Cell>
                <Link asChild colorPalette="blue">
                  <RouterLink to={`/panel/inspection/orders/${i.pk}`}>{toPersianDigits(i.code)}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{i.visit_date ? dayLabel(i.visit_date) : '—'}</Table.Cell>
              <Table.Cell>{i.time_slot ? toPersianDigits(i.time_slot) : '—'}</Table.Cell>
              <Table.Cell>{toPersianDigits(i.brand_model)}</Table.Cell>
              <Table.Cell>{i.city_name}</Table.Cell>
              <Table.Cell>{stateLabel(i.state)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatToman(i.price)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The expert's tickets, newest first, open and closed; the ticket list filtered by them is one click away. */
export function ExpertTickets({ pk }: { pk: number }) {
  const tickets = useQuery(trpc.expertTickets.list.queryOptions({ expert: pk, resolved: null, pageSize: 5 }));
  const rows = tickets.data?.results ?? [];
  return (
    <Section
      title="تیکت‌ها"
      action={
        <Link asChild colorPalette="blue" textStyle="sm">
          <RouterLink to={`/panel/experts/tickets?expert=${pk}&resolved=`}>{`همه تیکت‌ها (${toPersianDigits(tickets.data?.count ?? 0)})`}</RouterLink>
        </Link>
      }
    >
      {rows.length === 0 ? (
        <Text color="fg.muted">{tickets.isPending ? 'در حال بارگذاری…' : 'تیکتی از این کارشناس ثبت نشده است.'}</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {rows.map((t) => (
            <Box as="li" key={t.pk} display="flex" gap="3" alignItems="baseline" flexWrap="wrap">
              <Text fontWeight="medium">{`${toPersianDigits(t.pk)} · ${t.title}`}</Text>
              <Text textStyle="sm" color="fg.muted">{`${EXPERT_TICKET_CATEGORIES[t.category]} · ${formatJalaliDateTime(t.created_at)}`}</Text>
              <Badge size="sm" colorPalette={t.resolved ? 'gray' : 'orange'}>
                {t.resolved ? 'بسته‌شده' : 'باز'}
              </Badge>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}

const CHANNELS = { sms: 'پیامک', push: 'اعلان اپلیکیشن', bank_refund: 'بازپرداخت' } as const;

/** What was sent to the expert (the outbox, as the notifications history shows it). */
export function ExpertMessages({ messages }: { messages: ExpertOverview['messages'] }) {
  if (messages.length === 0) return <Text color="fg.muted">پیامی برای این کارشناس فرستاده نشده است.</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {messages.map((m) => (
        <Box as="li" key={m.id} borderBottomWidth="1px" pb="2">
          <Text textStyle="sm" color="fg.muted">{`${CHANNELS[m.channel]} · ${formatJalaliDateTime(m.created_at)} · ${m.created_by}`}</Text>
          <Text>{m.text}</Text>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The expert's payments: the `expert-pay` module (built beside this one, issue 31) fills this
 * section after the merge. Nothing is computed here.
 */
/**
 * The expert's pay (the expert-pay module, decision 108): the open period's total and lines, each
 * traced to its order, and the last settled statements. Shown to those who may read the payments.
 */
export function ExpertPayments({ pk }: { pk: number }) {
  const canRead = useCan(EXPERT_PAY_ACCESS.read);
  const pay = useQuery({ ...trpc.expertPay.ofExpert.queryOptions({ expertId: pk }), enabled: canRead });
  if (!canRead) return null;
  const data = pay.data;
  return (
    <Section
      title="پرداخت‌ها"
      action={
        <Link asChild colorPalette="green">
          <RouterLink to={`/panel/accounting/payments?expert=${pk}`}>همه پرداخت‌ها</RouterLink>
        </Link>
      }
    >
      {pay.isPending && <Text color="fg.muted">در حال بارگذاری…</Text>}
      {pay.isError && <Text color="fg.error">پرداخت‌های کارشناس بارگذاری نشد.</Text>}
      {data && (
        <Stack gap="3">
          <Text>
            دوره باز {periodLabel(data.open.period)}: {formatToman(data.open.total)} از {toPersianDigits(data.open.lines.length)} ردیف
          </Text>
          {data.open.lines.length > 0 && (
            <Table.ScrollArea maxH="16rem">
              <Table.Root size="sm" aria-label={`ردیف‌های پرداخت ${periodLabel(data.open.period)}`}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>روز</Table.ColumnHeader>
                    <Table.ColumnHeader>سفارش</Table.ColumnHeader>
                    <Table.ColumnHeader>شرح</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">مبلغ</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.open.lines.map((line) => (
                    <Table.Row key={`${line.kind}:${line.source_key}`}>
                      <Table.Cell>{formatJalaliDateLong(`${line.day}T12:00:00+03:30`)}</Table.Cell>
                      <Table.Cell>{line.inspection_code ? <span dir="ltr">{toPersianDigits(line.inspection_code)}</span> : '—'}</Table.Cell>
                      <Table.Cell whiteSpace="normal">{line.reason ? `${PAY_LINE_KIND_LABELS[line.kind]}: ${line.reason}` : PAY_LINE_KIND_LABELS[line.kind]}</Table.Cell>
                      <Table.Cell textAlign="end">{formatToman(line.amount)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
          {data.settled.length === 0 ? (
            <Text color="fg.muted">هنوز دوره‌ای برای این کارشناس تسویه نشده است.</Text>
          ) : (
            <Stack as="ul" listStyleType="none" gap="1" aria-label="دوره‌های تسویه‌شده">
              {data.settled.map((statement) => (
                <Text as="li" key={statement.period} textStyle="sm">
                  {periodLabel(statement.period)}: {formatToman(statement.total)}، تسویه در {formatJalaliDateTime(statement.settled_at)}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Section>
  );
}
