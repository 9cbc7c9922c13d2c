import { Button, Menu, Portal } from '@chakra-ui/react';
import { LuColumns3 } from 'react-icons/lu';

export interface ColumnChooserProps {
  columns: readonly { key: string; header: string }[];
  visible: readonly string[];
  onChange: (keys: string[]) => void;
  label?: string;
}

/** A menu of checkboxes, one per column; the last visible column cannot be hidden. */
export function ColumnChooser({ columns, visible, onChange, label = 'ستون‌ها' }: ColumnChooserProps) {
  return (
    <Menu.Root closeOnSelect={false} lazyMount>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline">
          <LuColumns3 aria-hidden />
          {label}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxH="24rem" overflowY="auto">
            {columns.map((column) => {
              const checked = visible.includes(column.key);
              return (
                <Menu.CheckboxItem
                  key={column.key}
                  value={column.key}
                  checked={checked}
                  disabled={checked && visible.length === 1}
                  onCheckedChange={(next) =>
                    onChange(next ? [...visible, column.key] : visible.filter((key) => key !== column.key))
                  }
                >
                  {column.header}
                  <Menu.ItemIndicator />
                </Menu.CheckboxItem>
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
