import { type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import { Input, type InputProps } from '@chakra-ui/react';
import { amountDigits, groupAmount, toLatinDigits } from '@panel/contracts/common/plain';

const isDigit = (c: string | undefined) => c !== undefined && /[0-9\u06F0-\u06F9\u0660-\u0669]/.test(c);

const onlyDigits = (text: string) => toLatinDigits(text).replace(/[^0-9]/g, '');

/** Where the caret goes in `shown` to stand after its `count`-th digit. */
function afterDigits(shown: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let at = 0; at < shown.length; at++) if (isDigit(shown[at]) && ++seen === count) return at + 1;
  return shown.length;
}

/**
 * What was typed, as the amount's Latin digits. The element's own text is regrouped in place
 * with the caret after the same digits it followed, so the controlled value that comes back
 * matches and React does not move the caret to the end (the form kit's `typedText` does the same
 * for Latin digits).
 */
function typedAmount(event: ChangeEvent<HTMLInputElement>): string {
  const element = event.target;
  const digits = amountDigits(element.value);
  const shown = groupAmount(digits);
  if (shown !== element.value) {
    const caret = element.selectionStart ?? element.value.length;
    // The leading zeros the amount drops are not among the digits the caret follows.
    const typed = onlyDigits(element.value);
    const dropped = typed.length - typed.replace(/^0+(?=\d)/, '').length;
    const kept = Math.min(Math.max(onlyDigits(element.value.slice(0, caret)).length - dropped, 0), digits.length);
    element.value = shown;
    const at = afterDigits(shown, kept);
    element.setSelectionRange(at, at);
  }
  return digits;
}

/**
 * Backspace just after a separator (or Delete just before one) would remove only the separator,
 * which the regrouping puts back: step over it so the key removes the digit beside it.
 */
function stepOverSeparator(event: KeyboardEvent<HTMLInputElement>) {
  const element = event.currentTarget;
  const { selectionStart: start, selectionEnd: end, value } = element;
  if (start === null || start !== end) return;
  if (event.key === 'Backspace' && start > 0 && !isDigit(value[start - 1])) element.setSelectionRange(start - 1, start - 1);
  if (event.key === 'Delete' && start < value.length && !isDigit(value[start])) element.setSelectionRange(start + 1, start + 1);
}

export type MoneyInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'inputMode' | 'type'> & {
  /** The amount's digits (Latin digits in a string or a number; '' for none). */
  value: string | number | null | undefined;
  /** The amount's Latin digits, as typed so far ('' when cleared). */
  onChange: (digits: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * The one money input (tomans): thousands grouped as they are typed, in Persian digits with the
 * fa-IR separator (DESIGN §7), so a price expert reads ۱٬۰۳۴٬۰۰۰٬۰۰۰ and not ۱۰۳۴۰۰۰۰۰۰; it hands
 * back the amount's Latin digits, which the contract schemas read. Digits of any script are typed.
 */
export function MoneyInput({ value, onChange, onKeyDown, ...inputProps }: MoneyInputProps) {
  return (
    <Input
      {...inputProps}
      inputMode="numeric"
      autoComplete="off"
      value={groupAmount(amountDigits(value === null || value === undefined ? '' : String(value)))}
      onKeyDown={(event) => {
        stepOverSeparator(event);
        onKeyDown?.(event);
      }}
      onChange={(event) => onChange(typedAmount(event))}
    />
  );
}
