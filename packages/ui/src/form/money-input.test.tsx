import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { useState } from 'react';
import { EstimateInputSchema, PRICING_MESSAGES } from '@panel/contracts/pricing-orders';
import { system } from '../system';
import { ContractForm } from './contract-form';
import { MoneyField, SubmitButton } from './form-fields';
import { MoneyInput } from './money-input';
import { useContractForm } from './use-contract-form';

afterEach(cleanup);
configure({ asyncUtilTimeout: 4000 });

// Issue 28, defect 6: price experts typed ۱۰۳۴۰۰۰۰۰۰ with no grouping.

function Amount({ onDigits }: { onDigits: (digits: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <ChakraProvider value={system}>
      <MoneyInput
        aria-label="مبلغ"
        value={value}
        onChange={(digits) => {
          setValue(digits);
          onDigits(digits);
        }}
      />
    </ChakraProvider>
  );
}

const field = () => screen.getByRole('textbox', { name: 'مبلغ' }) as HTMLInputElement;
/** A key typed at the caret: the browser's new text, with the caret after what was typed. */
const typeAt = (input: HTMLInputElement, at: number, text: string) =>
  fireEvent.change(input, { target: { value: input.value.slice(0, at) + text + input.value.slice(at), selectionStart: at + text.length, selectionEnd: at + text.length } });

describe('the money input', () => {
  it('groups thousands in Persian digits as they are typed and hands back the number', () => {
    const onDigits = vi.fn();
    render(<Amount onDigits={onDigits} />);
    for (const key of '1034000000') typeAt(field(), field().value.length, key);
    expect(field().value).toBe('۱٬۰۳۴٬۰۰۰٬۰۰۰');
    expect(onDigits).toHaveBeenLastCalledWith('1034000000');
    expect(field().inputMode).toBe('numeric');
  });

  it('reads Persian and Arabic digits and pasted separators', () => {
    const onDigits = vi.fn();
    render(<Amount onDigits={onDigits} />);
    fireEvent.change(field(), { target: { value: '۲,۵۰۰,٠٠٠' } });
    expect(field().value).toBe('۲٬۵۰۰٬۰۰۰');
    expect(onDigits).toHaveBeenLastCalledWith('2500000');
  });

  it('keeps the caret after the digit typed in the middle', () => {
    render(<Amount onDigits={() => {}} />);
    fireEvent.change(field(), { target: { value: '1234' } });
    expect(field().value).toBe('۱٬۲۳۴');
    typeAt(field(), 1, '5');
    expect(field().value).toBe('۱۵٬۲۳۴');
    expect(field().selectionStart).toBe(2);
    // Regrouping moves the separator; the caret stays right after the digit typed.
    typeAt(field(), 2, '2');
    expect(field().value).toBe('۱۵۲٬۲۳۴');
    expect(field().selectionStart).toBe(3);
  });

  it('removes the digit before a separator on Backspace', () => {
    const onDigits = vi.fn();
    render(<Amount onDigits={onDigits} />);
    fireEvent.change(field(), { target: { value: '1234' } });
    field().setSelectionRange(2, 2);
    fireEvent.keyDown(field(), { key: 'Backspace' });
    expect(field().selectionStart).toBe(1);
    // What the browser does next: Backspace removes the ۱ before the caret.
    fireEvent.change(field(), { target: { value: '٬۲۳۴', selectionStart: 0, selectionEnd: 0 } });
    expect(field().value).toBe('۲۳۴');
    expect(onDigits).toHaveBeenLastCalledWith('234');
  });
});

function EstimateProbe({ onSubmit }: { onSubmit: (values: unknown) => unknown }) {
  const form = useContractForm(EstimateInputSchema, { defaultValues: { id: 1, version: 1, estimate_min: '', estimate_max: '', note: '' }, onSubmit });
  return (
    <ChakraProvider value={system}>
      <ContractForm form={form} label="ثبت قیمت">
        <MoneyField control={form.control} name="estimate_min" label="کمترین قیمت" required />
        <MoneyField control={form.control} name="estimate_max" label="بیشترین قیمت" required />
        <SubmitButton control={form.control}>ثبت</SubmitButton>
      </ContractForm>
    </ChakraProvider>
  );
}

describe('a money field in a contract form', () => {
  it('submits the numbers the grouped text shows, through the same schema', async () => {
    const onSubmit = vi.fn();
    render(<EstimateProbe onSubmit={onSubmit} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'کمترین قیمت' }), { target: { value: '۱۰۳۴۰۰۰۰۰۰' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'بیشترین قیمت' }), { target: { value: '1200000000' } });
    expect((screen.getByRole('textbox', { name: 'کمترین قیمت' }) as HTMLInputElement).value).toBe('۱٬۰۳۴٬۰۰۰٬۰۰۰');
    fireEvent.click(screen.getByRole('button', { name: 'ثبت' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ estimate_min: 1_034_000_000, estimate_max: 1_200_000_000 });
  });

  it("still shows the schema's Persian message for a band upside down", async () => {
    const onSubmit = vi.fn();
    render(<EstimateProbe onSubmit={onSubmit} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'کمترین قیمت' }), { target: { value: '2000000' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'بیشترین قیمت' }), { target: { value: '1000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'ثبت' }));
    expect(await screen.findByText(PRICING_MESSAGES.band)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
