import { Button, HStack, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';

const number = new Intl.NumberFormat('fa-IR');

export interface PaginationProps {
  page: number;
  pageSize: number;
  count: number;
  /** The count is an estimate (a list past 10,000 rows, decision 123): «حدود …», and no last page is named. */
  estimated?: boolean;
  /** With an estimated count, whether a next page exists (the page was full). */
  hasNext?: boolean;
  onPageChange: (page: number) => void;
  labels?: { previous: string; next: string; of: string; page: string; total: string; about: string };
}

const DEFAULT_LABELS = { previous: 'صفحه قبل', next: 'صفحه بعد', of: 'از', page: 'صفحه', total: 'مورد', about: 'حدود' };

/** Previous / next with 'page n of m' and the total, in Persian digits; an estimated total names no last page. */
export function Pagination({ page, pageSize, count, estimated = false, hasNext = false, onPageChange, labels = DEFAULT_LABELS }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const last = estimated ? !hasNext : page >= pages;
  return (
    <HStack as="nav" aria-label={labels.page} justify="space-between" py="2" gap="4">
      <Text fontSize="sm" color="fg.muted">
        {estimated && `${labels.about} `}
        {number.format(count)} {labels.total}
      </Text>
      <HStack gap="2">
        {/* Right to left: 'previous' sits on the right and points right. */}
        <Button size="sm" variant="outline" onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label={labels.previous}>
          <LuChevronRight aria-hidden />
          {labels.previous}
        </Button>
        <Text fontSize="sm" aria-live="polite" minW="8rem" textAlign="center">
          {labels.page} {number.format(page)}
          {!estimated && ` ${labels.of} ${number.format(pages)}`}
        </Text>
        <Button size="sm" variant="outline" onClick={() => onPageChange(page + 1)} disabled={last} aria-label={labels.next}>
          {labels.next}
          <LuChevronLeft aria-hidden />
        </Button>
      </HStack>
    </HStack>
  );
}
