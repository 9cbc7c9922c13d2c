import { Badge, Button, HStack } from '@chakra-ui/react';
import { toPersianDigits } from '@panel/contracts/common/plain';

export interface StateTab<K extends string> {
  key: K;
  label: string;
  /** How many rows the tab holds under the other filters; no badge until it is known. */
  count?: number;
  /** The count is an estimate (past 10,000 rows, decision 123): shown as «حدود …». */
  estimated?: boolean;
}

export interface StateTabsProps<K extends string> {
  /** The tab list's name ("وضعیت آگهی‌ها"). */
  label: string;
  tabs: readonly StateTab<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The tab whose count asks for attention (the waiting queue): an orange badge. */
  highlight?: K;
}

/** A list's state tabs above its table, each with its count in Persian digits. */
export function StateTabs<K extends string>({ label, tabs, selected, onSelect, highlight }: StateTabsProps<K>) {
  return (
    <HStack role="tablist" aria-label={label} gap="1" mb="3" wrap="wrap" borderBottomWidth="1px">
      {tabs.map((tab) => {
        const isSelected = tab.key === selected;
        return (
          <Button
            key={tab.key}
            role="tab"
            aria-selected={isSelected}
            variant="ghost"
            size="sm"
            borderRadius="0"
            borderBottomWidth="2px"
            borderColor={isSelected ? 'colorPalette.solid' : 'transparent'}
            fontWeight={isSelected ? 'bold' : 'normal'}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
            {tab.count !== undefined && (
              <Badge variant="subtle" colorPalette={tab.key === highlight ? 'orange' : 'gray'}>
                {tab.estimated ? `حدود ${toPersianDigits(tab.count)}` : toPersianDigits(tab.count)}
              </Badge>
            )}
          </Button>
        );
      })}
    </HStack>
  );
}
