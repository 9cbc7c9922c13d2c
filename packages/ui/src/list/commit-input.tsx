import { useState } from 'react';
import { Input } from '@chakra-ui/react';
import { toLatinDigits, toPersianDigits } from '@panel/contracts/common/plain';
import { MoneyInput } from '../form/money-input';

/**
 * A text filter that applies on Enter or when it loses focus, not on every key: each applied
 * value is a new address (history entry) and a new query. Digits of any set are typed, shown in
 * Persian and applied in Latin (DESIGN §7); an amount (`money`) is grouped as typed (MoneyInput)
 * and applied as its Latin digits.
 */
export function CommitInput({ label, value, onCommit, placeholder, width = '12rem', money = false }: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  placeholder?: string;
  width?: string;
  money?: boolean;
}) {
  const [draft, setDraft] = useState<{ for: string; text: string } | null>(null);
  const text = draft && draft.for === value ? draft.text : value;
  const commit = () => {
    if (text.trim() !== value) onCommit(text.trim());
  };
  const keys = (event: { key: string }) => {
    if (event.key === 'Enter') commit();
  };
  if (money) {
    return (
      <MoneyInput aria-label={label} size="sm" width={width} placeholder={placeholder ?? label} value={text} onChange={(digits) => setDraft({ for: value, text: digits })} onBlur={commit} onKeyDown={keys} />
    );
  }
  return (
    <Input
      aria-label={label}
      size="sm"
      width={width}
      placeholder={placeholder ?? label}
      value={toPersianDigits(text)}
      onChange={(event) => setDraft({ for: value, text: toLatinDigits(event.target.value) })}
      onBlur={commit}
      onKeyDown={keys}
    />
  );
}
