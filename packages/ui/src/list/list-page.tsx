import { useId, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { LuFilterX, LuSlidersHorizontal } from 'react-icons/lu';
import { toPersianDigits } from '@panel/contracts/common/plain';
import { FilterBar } from './filter-bar';

export interface ListPageProps {
  title: string;
  /** The filter fields used all the time: always shown. */
  filters?: ReactNode;
  /** The less used filter fields, behind a "more filters" button (STYLE: lists as declarations). */
  moreFilters?: ReactNode;
  /** How many of `moreFilters` are set: shown on the button, and they start shown when any is. */
  moreFiltersSet?: number;
  /** Buttons at the end of the filter bar (column chooser, CSV); "remove filters" is added when `onReset` is given. */
  actions?: ReactNode;
  onReset?: () => void;
  /** Keys of the address the filter had to drop (a damaged or stale link): a notice says so. */
  dropped?: readonly string[];
  /** The list itself: table, pagination, drawers. */
  children: ReactNode;
  /** A list that is one section of a page (under its h1): an h2 heading, and the filter bar's name. */
  section?: { filterLabel: string };
}

export const DROPPED_FILTERS_NOTICE = 'بخشی از فیلترهای نشانی نامعتبر بود و نادیده گرفته شد.';

/** The frame of every list screen: title, the dropped-filter notice, the filter bar, then the list. */
export function ListPage({ title, filters, moreFilters, moreFiltersSet = 0, actions, onReset, dropped = [], children, section }: ListPageProps) {
  const [moreOpen, setMoreOpen] = useState<boolean | null>(null);
  const showMore = moreOpen ?? moreFiltersSet > 0;
  const moreId = useId();
  const headingId = useId();
  return (
    <Box {...(section ? { as: 'section', 'aria-labelledby': headingId } : { p: '6' })}>
      <Heading as={section ? 'h2' : 'h1'} size={section ? 'md' : 'xl'} mb="2" id={headingId}>
        {title}
      </Heading>
      {dropped.length > 0 && (
        <Text color="fg.warning" fontSize="sm" role="alert">
          {DROPPED_FILTERS_NOTICE}
        </Text>
      )}
      <FilterBar
        label={section?.filterLabel}
        actions={
          (onReset || actions || moreFilters) && (
            <>
              {moreFilters && (
                <Button size="sm" variant="outline" aria-expanded={showMore} aria-controls={moreId} onClick={() => setMoreOpen(!showMore)}>
                  <LuSlidersHorizontal aria-hidden />
                  فیلترهای بیشتر
                  {moreFiltersSet > 0 && (
                    <Badge size="sm" colorPalette="green" variant="solid">
                      {toPersianDigits(moreFiltersSet)}
                    </Badge>
                  )}
                </Button>
              )}
              {onReset && (
                <Button size="sm" variant="ghost" onClick={onReset}>
                  <LuFilterX aria-hidden />
                  حذف فیلترها
                </Button>
              )}
              {actions}
            </>
          )
        }
      >
        {filters}
      </FilterBar>
      {moreFilters && (
        <Flex id={moreId} display={showMore ? 'flex' : 'none'} as="section" aria-label="فیلترهای بیشتر" gap="3" wrap="wrap" align="flex-end" pb="3">
          {moreFilters}
        </Flex>
      )}
      {children}
    </Box>
  );
}
