import { SimpleGrid } from '@chakra-ui/react';
import { CITIES, optionsOf } from '@panel/contracts/common';
import { DISCOUNT_KINDS, DISCOUNT_SERVICES } from '@panel/contracts/discounts';
import { FormField, JalaliDateField, MoneyField, MultiSelect, SelectField, TextField, type Control, type FieldPath, type FieldValues } from '@panel/ui';

export const KIND_OPTIONS = optionsOf(DISCOUNT_KINDS);
export const SERVICE_OPTIONS = optionsOf(DISCOUNT_SERVICES);
export const CITY_OPTIONS = CITIES.map((c) => ({ value: String(c.id), label: c.name }));
const NUMBER_INPUT = { inputMode: 'numeric', autoComplete: 'off' } as const;

/** The rules as the form holds them (strings as typed; the contract schema reads them). */
export interface RulesValues {
  kind: string;
  value: string;
  max_discount: string;
  min_order: string;
  valid_from: string;
  valid_until: string;
  usage_limit: string;
  per_user_limit: string;
  services: string[];
  city_id: string;
}

const today = () => new Date(Date.now() + 12_600_000).toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + 12_600_000 + n * 86_400_000).toISOString().slice(0, 10);
export const blankRules = (usageLimit: string): RulesValues => ({
  kind: 'percent', value: '', max_discount: '', min_order: '', valid_from: today(), valid_until: inDays(30), usage_limit: usageLimit, per_user_limit: '۱', services: ['inspection'], city_id: '',
});

/** The fields of a code's rules, the same for one code and for a campaign's codes. */
export function DiscountRulesFields<T extends FieldValues, TT>({ control, kind }: { control: Control<T, unknown, TT>; kind: string }) {
  // Both forms (a code, a campaign) hold the rules under these names.
  const at = (name: keyof RulesValues) => name as FieldPath<T>;
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <SelectField control={control} name={at('kind')} label="نوع تخفیف" required options={KIND_OPTIONS} portalled={false} />
        {kind === 'percent' ? (
          <TextField control={control} name={at('value')} label="درصد تخفیف" required {...NUMBER_INPUT} />
        ) : (
          <MoneyField control={control} name={at('value')} label="مبلغ تخفیف (تومان)" required />
        )}
        {kind === 'percent' && <MoneyField control={control} name={at('max_discount')} label="سقف تخفیف (تومان، اختیاری)" />}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <FormField control={control} name={at('valid_from')} label="شروع اعتبار" required>
          {(field) => <JalaliDateField label="شروع اعتبار" value={(field.value as string) || undefined} onChange={(d) => field.onChange(d ?? '')} width="100%" />}
        </FormField>
        <FormField control={control} name={at('valid_until')} label="پایان اعتبار" required>
          {(field) => <JalaliDateField label="پایان اعتبار" value={(field.value as string) || undefined} onChange={(d) => field.onChange(d ?? '')} width="100%" />}
        </FormField>
        <MoneyField control={control} name={at('min_order')} label="حداقل مبلغ سفارش (تومان)" />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextField control={control} name={at('usage_limit')} label="سقف کل استفاده" required {...NUMBER_INPUT} />
        <TextField control={control} name={at('per_user_limit')} label="سقف استفاده هر مشتری" required {...NUMBER_INPUT} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <FormField control={control} name={at('services')} label="خدمات مشمول" required>
          {(field) => <MultiSelect label="خدمات مشمول" options={SERVICE_OPTIONS} value={(field.value as string[]) ?? []} onChange={field.onChange} placeholder="انتخاب خدمت" width="100%" portalled={false} />}
        </FormField>
        <SelectField control={control} name={at('city_id')} label="شهر" options={CITY_OPTIONS} emptyOption="همه شهرها" portalled={false} />
      </SimpleGrid>
    </>
  );
}
