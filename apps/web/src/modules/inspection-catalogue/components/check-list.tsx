import { Checkbox, SimpleGrid } from '@chakra-ui/react';

/** A set of choices as checkboxes (a package's cities, its report fields); the value keeps the options' order. */
export function CheckList<V extends string | number>({ label, options, value, onChange }: { label: string; options: readonly { value: V; label: string }[]; value: readonly V[]; onChange: (next: V[]) => void }) {
  return (
    <SimpleGrid role="group" aria-label={label} columns={{ base: 2, md: 4 }} gap="2">
      {options.map((option) => (
        <Checkbox.Root
          key={option.value}
          checked={value.includes(option.value)}
          onCheckedChange={(e) => onChange(options.map((o) => o.value).filter((v) => (v === option.value ? e.checked === true : value.includes(v))))}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{option.label}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </SimpleGrid>
  );
}
