import { type ReactNode } from 'react';
import type { ContractForm as ContractFormState, ContractSchema } from './use-contract-form';

export interface ContractFormProps<S extends ContractSchema> {
  form: ContractFormState<S>;
  /** The form's accessible name (its role is `form` only when it has one). */
  label: string;
  children: ReactNode;
}

/**
 * The `<form>` element of a contract form. The browser's own checks are off: the schema's
 * Persian messages are the only ones the user reads.
 */
export function ContractForm<S extends ContractSchema>({ form, label, children }: ContractFormProps<S>) {
  return (
    <form onSubmit={form.submit} noValidate aria-label={label}>
      {children}
    </form>
  );
}
