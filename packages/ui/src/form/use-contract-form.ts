import { useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/** A contract schema whose input is the form's values (every form is an object of fields). */
export type ContractSchema = z.ZodType<FieldValues, FieldValues>;

export interface ContractFormOptions<S extends ContractSchema> {
  /** Every field's starting value, so each input is controlled from the first render. */
  defaultValues: DefaultValues<z.input<S>>;
  /**
   * Receives the values as the schema parsed them (trimmed, digits converted, ids as numbers).
   * Return the call's promise (`mutateAsync`): the form counts as submitting until it settles.
   */
  onSubmit: (values: z.output<S>) => unknown;
}

export type ContractForm<S extends ContractSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  /** The `<form onSubmit>` handler; a submit while another is in flight is ignored. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** What the last `onSubmit` threw or rejected with, until the next submit; undefined otherwise. */
  submitError: unknown;
};

/**
 * The fields a server refusal names, `[{ path, message }]` under the error's `data.fields` (the
 * BFF gives the contract's zod issues and a gateway's 400 `{field: [message]}` so); empty otherwise.
 */
export function refusedFields(error: unknown): { path: string; message: string }[] {
  const fields = (error as { data?: { fields?: unknown } } | null | undefined)?.data?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter((f): f is { path: string; message: string } => typeof f?.path === 'string' && typeof f?.message === 'string');
}

/**
 * A form validated by a contract schema (STYLE 7: the same schema checks the procedure). The
 * zod messages are the ones shown beside the fields; after the first submit a field is checked
 * again as it changes. A failed `onSubmit` (a server refusal) leaves every typed value in place;
 * its message is the global error layer's toast, so the form only remembers the error, and shows
 * the messages of the fields it names beside them (`refusedFields`).
 */
export function useContractForm<S extends ContractSchema>(schema: S, options: ContractFormOptions<S>): ContractForm<S> {
  const resolver = useMemo(() => zodResolver(schema), [schema]);
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver, defaultValues: options.defaultValues });
  const [submitError, setSubmitError] = useState<unknown>(undefined);
  // A ref, not state: a double click sends two submit events before React renders the first one's
  // pending state, so the second must be turned away synchronously.
  const inFlight = useRef(false);

  const submit = async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitError(undefined);
    try {
      await form.handleSubmit(async (values) => {
        await options.onSubmit(values);
      })(event);
    } catch (error) {
      setSubmitError(error);
      // A refusal that names fields of this form shows each message beside its field (the first
      // one focused), as the schema's own messages are; the toast still says it as a whole.
      const values = form.getValues() as Record<string, unknown>;
      const named = refusedFields(error).filter((f) => f.path in values);
      named.forEach((f, i) => form.setError(f.path as never, { type: 'server', message: f.message }, { shouldFocus: i === 0 }));
    } finally {
      inFlight.current = false;
    }
  };

  return { ...form, submit, submitError };
}
