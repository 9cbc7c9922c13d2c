import type { ReactNode } from 'react';
import { Box, DataList, Heading, SimpleGrid } from '@chakra-ui/react';
import { toPersianDigits } from '@panel/contracts/common/plain';

/**
 * One field of a detail view, declared once: `value` is what a person reads (Persian digits,
 * Jalali dates, labels instead of codes); text is shown with Persian digits unless the field is
 * `ltr`. An empty value ('', null, undefined) shows as a dash;
 * `hidden` leaves a field out where it does not apply (the resolution of an open ticket).
 */
export interface DetailField<T> {
  label: string;
  value: (item: T) => ReactNode;
  hidden?: (item: T) => boolean;
  /** Text a user copies as it is (a phone number, a code): laid out left to right. */
  ltr?: boolean;
}

/** Fields that a person reads together (the applicant, the car, the price...). */
export interface DetailGroup<T> {
  title?: string;
  fields: readonly DetailField<T>[];
}

export const EMPTY_VALUE = '—';

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

export interface DetailGroupsProps<T> {
  item: T;
  groups: readonly DetailGroup<T>[];
  /** Groups side by side on wide screens (pages), or one under another (drawers). */
  columns?: 1 | 2;
  size?: 'sm' | 'md';
}

/** Renders an entity's fields from their declaration, group by group. */
export function DetailGroups<T>({ item, groups, columns = 2, size = 'md' }: DetailGroupsProps<T>) {
  return (
    <SimpleGrid columns={{ base: 1, xl: columns }} gap="4" alignItems="start">
      {groups.map((group, index) => {
        const fields = group.fields.filter((field) => !field.hidden?.(item));
        if (fields.length === 0) return null;
        return (
          <Box key={group.title ?? index} as="section" aria-label={group.title} borderWidth="1px" borderRadius="md" p="4" bg="bg">
            {group.title && (
              <Heading as="h2" size="sm" mb="3" color="fg.muted">
                {group.title}
              </Heading>
            )}
            <DataList.Root orientation="horizontal" size={size} gap="2.5">
              {fields.map((field) => {
                const value = field.value(item);
                return (
                  <DataList.Item key={field.label}>
                    <DataList.ItemLabel minW="9rem">{field.label}</DataList.ItemLabel>
                    <DataList.ItemValue>
                      {isEmpty(value) ? (
                        EMPTY_VALUE
                      ) : field.ltr ? (
                        <Box as="span" dir="ltr" unicodeBidi="isolate">
                          {value}
                        </Box>
                      ) : typeof value === 'string' ? (
                        toPersianDigits(value)
                      ) : (
                        value
                      )}
                    </DataList.ItemValue>
                  </DataList.Item>
                );
              })}
            </DataList.Root>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
