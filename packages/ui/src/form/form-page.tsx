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

/** A page that is one form (the order and request forms): its title, the fields, and the submit button last. */
export function FormPage<S extends ContractSchema>({ title, form, submit, submitDisabled, maxW, children }: FormPageProps<S>) {
  return (
    <Box p="6" maxW={maxW}>
      <Heading as="h1" size="xl" mb="5">
        {title}
      </Heading>
      <ContractForm form={form} label={title}>
        <Stack gap="5">
          {children}
          <Box>
            <SubmitButton control={form.control} colorPalette="green" disabled={submitDisabled}>
              {submit}
            </SubmitButton>
          </Box>
        </Stack>
      </ContractForm>
    </Box>
  );
}
