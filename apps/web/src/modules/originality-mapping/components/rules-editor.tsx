import { useRef, useState } from 'react';
import { Box, Button, Field, HStack, IconButton, Input, Table, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { toPersianDigits } from '@panel/contracts/common';
import {
  ANY_PART,
  BODY_FINDINGS,
  BODY_FINDING_LIST,
  RULE_PARTS,
  RULE_PART_LIST,
  SaveOriginalityMapInputSchema,
  type OriginalityMap,
} from '@panel/contracts/originality-mapping';
import { SingleSelect, SubmitButton, notify, useContractForm, type SelectOption } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

const PART_OPTIONS: SelectOption[] = RULE_PART_LIST.map((part) => ({ value: part, label: RULE_PARTS[part] }));
const FINDING_OPTIONS: SelectOption[] = BODY_FINDING_LIST.map((finding) => ({ value: finding, label: BODY_FINDINGS[finding] }));

type Row = { part: string; finding: string; label: string; priority: string };
const rowsOf = (map: OriginalityMap): Row[] => map.rules.map((r) => ({ part: r.part, finding: r.finding, label: r.label, priority: toPersianDigits(r.priority) }));

/** The map as an editable table (staff): part × finding → label with a priority, checked by the contract, saved whole with the version read. */
export function RulesEditor({ map }: { map: OriginalityMap }) {
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.originalityMapping.save.mutationOptions({
      onSuccess: (result) => notify(result.message, 'success'),
      // Saved or refused (a colleague saved first), the screen shows the map as it is now.
      onSettled: () => void queryClient.invalidateQueries(),
    }),
  );
  const form = useContractForm(SaveOriginalityMapInputSchema, {
    defaultValues: { version: map.version, rules: rowsOf(map) as never },
    onSubmit: (values) => save.mutateAsync(values),
  });
  // Stable row keys, so removing a row never shows one row's values in another.
  const serial = useRef(map.rules.length);
  const [keys, setKeys] = useState(() => map.rules.map((_, n) => n));
  const rows = (form.watch('rules') ?? []) as Row[];
  const errors = form.formState.errors.rules as unknown as (Record<string, { message?: string }> & { message?: string; root?: { message?: string } }) | undefined;
  const rowError = (n: number, field: keyof Row) => (errors?.[n] as unknown as Record<string, { message?: string }> | undefined)?.[field]?.message;
  const set = (n: number, field: keyof Row, value: string) =>
    form.setValue(`rules.${n}.${field}` as never, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const replace = (next: Row[]) => form.setValue('rules', next as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const add = () => {
    serial.current += 1;
    setKeys([...keys, serial.current]);
    replace([...rows, { part: ANY_PART, finding: 'painted', label: '', priority: '' }]);
  };
  const remove = (n: number) => {
    setKeys(keys.filter((_, i) => i !== n));
    replace(rows.filter((_, i) => i !== n));
  };
  const mapError = errors?.message ?? errors?.root?.message;

  return (
    <form onSubmit={form.submit} noValidate aria-label="ویرایش نگاشت اصالت">
      <Box overflowX="auto" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label="قواعد نگاشت اصالت">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader width="4rem">ردیف</Table.ColumnHeader>
              <Table.ColumnHeader>قطعه</Table.ColumnHeader>
              <Table.ColumnHeader>یافته</Table.ColumnHeader>
              <Table.ColumnHeader>برچسب اصالت</Table.ColumnHeader>
              <Table.ColumnHeader width="8rem">اولویت</Table.ColumnHeader>
              <Table.ColumnHeader width="4rem">
                <Text srOnly>حذف</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, n) => {
              const at = toPersianDigits(n + 1);
              return (
                <Table.Row key={keys[n] ?? `row-${n}`} verticalAlign="top">
                  <Table.Cell pt="3">{at}</Table.Cell>
                  <Table.Cell>
                    <Field.Root invalid={!!rowError(n, 'part')}>
                      <SingleSelect label={`قطعه ردیف ${at}`} options={PART_OPTIONS} value={row.part} onChange={(v) => set(n, 'part', v)} width="11rem" />
                      <Field.ErrorText>{rowError(n, 'part')}</Field.ErrorText>
                    </Field.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <Field.Root invalid={!!rowError(n, 'finding')}>
                      <SingleSelect label={`یافته ردیف ${at}`} options={FINDING_OPTIONS} value={row.finding} onChange={(v) => set(n, 'finding', v)} width="9rem" />
                      <Field.ErrorText>{rowError(n, 'finding')}</Field.ErrorText>
                    </Field.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <Field.Root invalid={!!rowError(n, 'label')}>
                      <Input size="sm" aria-label={`برچسب اصالت ردیف ${at}`} value={row.label} onChange={(e) => set(n, 'label', e.target.value)} minW="10rem" />
                      <Field.ErrorText>{rowError(n, 'label')}</Field.ErrorText>
                    </Field.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <Field.Root invalid={!!rowError(n, 'priority')}>
                      <Input size="sm" inputMode="numeric" aria-label={`اولویت ردیف ${at}`} value={row.priority} onChange={(e) => set(n, 'priority', toPersianDigits(e.target.value))} width="6rem" />
                      <Field.ErrorText>{rowError(n, 'priority')}</Field.ErrorText>
                    </Field.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`حذف ردیف ${at}`} onClick={() => remove(n)}>
                      <LuTrash2 />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
      {mapError && (
        <Text role="alert" color="fg.error" mt="2">
          {mapError}
        </Text>
      )}
      <HStack gap="2" mt="3" wrap="wrap">
        <Button size="sm" variant="outline" onClick={add}>
          <LuPlus aria-hidden />
          افزودن قاعده
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={!form.formState.isDirty}
          onClick={() => {
            form.reset();
            setKeys(map.rules.map((_, n) => n));
          }}
        >
          بازگرداندن تغییرات
        </Button>
        <SubmitButton control={form.control} size="sm" disabled={!form.formState.isDirty}>
          ذخیره نگاشت
        </SubmitButton>
      </HStack>
    </form>
  );
}

/** The map as everyone but staff reads it. */
export function RulesTable({ map }: { map: OriginalityMap }) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label="قواعد نگاشت اصالت">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>ردیف</Table.ColumnHeader>
            <Table.ColumnHeader>قطعه</Table.ColumnHeader>
            <Table.ColumnHeader>یافته</Table.ColumnHeader>
            <Table.ColumnHeader>برچسب اصالت</Table.ColumnHeader>
            <Table.ColumnHeader>اولویت</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {map.rules.map((r, n) => (
            <Table.Row key={r.id}>
              <Table.Cell>{toPersianDigits(n + 1)}</Table.Cell>
              <Table.Cell>{RULE_PARTS[r.part]}</Table.Cell>
              <Table.Cell>{BODY_FINDINGS[r.finding]}</Table.Cell>
              <Table.Cell fontWeight="medium">{r.label}</Table.Cell>
              <Table.Cell>{toPersianDigits(r.priority)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
