import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { NativeSelectField } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

/** The reject reason of a leasing order (the gateway's list), picked in a reject's confirmation. */
export function RejectReasonField({ value, missing, onChange }: { value: string; missing: boolean; onChange: (value: string) => void }) {
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
