import { type ReactNode } from 'react';
import { Box, Heading, Stack } from '@chakra-ui/react';
import { ContractForm } from './contract-form';
import { SubmitButton } from './form-fields';
import type { ContractForm as ContractFormState, ContractSchema } from './use-contract-form';

export interface FormPageProps<S extends ContractSchema> {
  /** The page's h1, which also names the form. */
  title: string;
  form: ContractFormState<S>;
  /** The submit button's text; `submitDisabled` holds it back (e.g. until a preview is in). */
  submit: string;
  submitDisabled?: boolean;
  maxW: string;
  children: ReactNode;
}

export type SubmitFormProps<S extends ContractSchema> = Omit<FormPageProps<S>, 'title' | 'maxW'> & { label: string };

/** A form whose fields stand one under another with its submit button last (the add and edit forms). */
export function SubmitForm<S extends ContractSchema>({ label, form, submit, submitDisabled, children }: SubmitFormProps<S>) {
  return (
    <ContractForm form={form} label={label}>
      <Stack gap="5">
        {children}
        <Box>
          <SubmitButton control={form.control} colorPalette="green" disabled={submitDisabled}>
            {submit}
          </SubmitButton>
        </Box>
      </Stack>
    </ContractForm>
  );
}

/** A page of one column under its h1 (the add and edit pages): the title, then what the page holds. */
export function TitledPage({ title, maxW, children }: { title: ReactNode; maxW: string; children: ReactNode }) {
  return (
    <Box p="6" maxW={maxW}>
      <Heading as="h1" size="xl" mb="5">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** A page that is one form (the order and request forms): its title, which names the form, then the form. */
export function FormPage<S extends ContractSchema>({ title, maxW, ...form }: FormPageProps<S>) {
  return (
    <TitledPage title={title} maxW={maxW}>
      <SubmitForm label={title} {...form} />
    </TitledPage>
  );
}
