import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../system';
import { MultiSelect, SingleSelect, type SelectOption } from './multi-select';

afterEach(cleanup);

const OPTIONS: SelectOption[] = [
  { value: 'gpt-4o-mini', label: 'gpt-4o-mini', latin: true },
  { value: 'persian', label: 'مدل ۲' },
];

const draw = (ui: React.ReactNode) => render(<ChakraProvider value={system}>{ui}</ChakraProvider>);

describe('select options that are codes', () => {
  it('draws a Latin option left to right and marked Latin, in the list, the chosen value and the tag', async () => {
    draw(<SingleSelect label="مدل" options={OPTIONS} value="gpt-4o-mini" onChange={() => undefined} />);
    const trigger = screen.getByRole('combobox', { name: 'مدل' });
    expect(within(trigger).getByText('gpt-4o-mini').hasAttribute('data-ltr')).toBe(true);
    fireEvent.click(trigger);
    // The option's text in the open list (the hidden native select keeps plain text for forms).
    const itemText = (name: string) => screen.getAllByText(name).find((node) => node.getAttribute('data-part') === 'item-text');
    await screen.findByRole('option', { name: 'مدل ۲' });
    expect(itemText('gpt-4o-mini')?.getAttribute('dir')).toBe('ltr');
    expect(itemText('gpt-4o-mini')?.hasAttribute('data-ltr')).toBe(true);
    expect(itemText('مدل ۲')?.hasAttribute('data-ltr')).toBe(false);
    cleanup();

    draw(<MultiSelect label="مدل‌ها" options={OPTIONS} value={['gpt-4o-mini']} onChange={() => undefined} />);
    expect(within(screen.getByTestId('select-tags')).getByText('gpt-4o-mini').hasAttribute('data-ltr')).toBe(true);
  });
});
