import { useState } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LeasingRejectReasonSchema, type LeasingRejectReason } from '@panel/contracts/leasing';
import { NativeSelectField } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

/** The reject reason of a leasing order (the gateway's list), picked in a reject's confirmation. */
function RejectReasonField({ value, missing, onChange }: { value: string; missing: boolean; onChange: (value: string) => void }) {
  const reasons = useQuery(trpc.leasing.rejectReasons.queryOptions());
  return (
    <Stack gap="1">
      <NativeSelectField
        label="دلیل رد"
        placeholder="انتخاب دلیل رد"
        value={value}
        options={(reasons.data ?? []).map((r) => ({ value: r.key, label: r.label }))}
        onChange={onChange}
      />
      {missing && (
        <Text color="fg.error" textStyle="sm" role="alert">
          دلیل رد را انتخاب کنید.
        </Text>
      )}
    </Stack>
  );
}

/**
 * The reject reason a confirmation asks for (one order or many): its field, and `pick`, which gives
 * the picked reason of a reject, or holds a reject without one back with the field's message.
 */
export function useRejectReason() {
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  const field = (
    <RejectReasonField
      value={value}
      missing={missing}
      onChange={(v) => {
        setValue(v);
        setMissing(false);
      }}
    />
  );
  const pick = (rejecting: boolean): LeasingRejectReason | undefined => {
    if (!rejecting) return undefined;
    const picked = LeasingRejectReasonSchema.safeParse(value);
    if (!picked.success) {
      setMissing(true);
      throw new Error('reject reason');
    }
    return picked.data;
  };
  /** A closed confirmation forgets that a reason was missing. */
  const reset = () => setMissing(false);
  return { field, pick, reset };
}
