import type { ReactNode } from 'react';
import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { LuFilterX } from 'react-icons/lu';
import { FilterBar } from './filter-bar';

export interface ListPageProps {
  title: string;
  /** The filter fields of the bar. */
  filters?: ReactNode;
  /** Buttons at the end of the filter bar (column chooser, CSV); "remove filters" is added when `onReset` is given. */
  actions?: ReactNode;
  onReset?: () => void;
  /** Keys of the address the filter had to drop (a damaged or stale link): a notice says so. */
  dropped?: readonly string[];
  /** The list itself: table, pagination, drawers. */
  children: ReactNode;
}

export const DROPPED_FILTERS_NOTICE = 'بخشی از فیلترهای نشانی نامعتبر بود و نادیده گرفته شد.';

/** The frame of every list screen: title, the dropped-filter notice, the filter bar, then the list. */
export function ListPage({ title, filters, actions, onReset, dropped = [], children }: ListPageProps) {
  return (
    <Box p="6">
      <Heading as="h1" size="xl" mb="2">
        {title}
      </Heading>
      {dropped.length > 0 && (
        <Text color="fg.warning" fontSize="sm" role="alert">
          {DROPPED_FILTERS_NOTICE}
        </Text>
      )}
      <FilterBar
        actions={
          (onReset || actions) && (
            <>
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
      {children}
    </Box>
  );
}
