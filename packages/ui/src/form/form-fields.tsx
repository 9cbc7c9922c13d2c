import { type ChangeEvent, type ReactNode } from 'react';
import { Button, Field, Input, NativeSelect, Textarea, type ButtonProps, type InputProps, type TextareaProps } from '@chakra-ui/react';
import {
  useController,
  useFormState,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { toLatinDigits } from '@panel/contracts/common/plain';
import { SingleSelect, type SelectOption } from '../grid/multi-select';
import { JalaliDateField } from '../list/jalali-date-field';
import { MoneyInput, type MoneyInputProps } from './money-input';

// The fields of the form kit. Each one takes the form's `control` and a field name (checked
// against the schema's fields), and shows that field's zod message beside it.

interface FieldBaseProps<T extends FieldValues, N extends FieldPath<T>, TT> {
  control: Control<T, unknown, TT>;
  name: N;
  label: string;
  required?: boolean;
  /** A line under the field, hidden while it shows an error. */
  helperText?: string;
}

/** Label, required mark and the field's message around any control (`Field.Root invalid`). */
function FieldFrame({ label, required, error, helperText, children }: { label: string; required?: boolean; error?: string; helperText?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={error !== undefined} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {error !== undefined ? <Field.ErrorText>{error}</Field.ErrorText> : helperText && <Field.HelperText>{helperText}</Field.HelperText>}
    </Field.Root>
  );
}

/** Any control bound to one field: the render prop gets the field's value and `onChange`. */
export function FormField<T extends FieldValues, N extends FieldPath<T>, TT>({
  control,
  name,
  label,
  required,
  helperText,
  children,
}: FieldBaseProps<T, N, TT> & { children: (field: ControllerRenderProps<T, N>) => ReactNode }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FieldFrame label={label} required={required} error={fieldState.error?.message} helperText={helperText}>
      {children(field)}
    </FieldFrame>
  );
}

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * The typed text, with Persian and Arabic digits made Latin when `latinDigits` is set. The
 * element's own value is rewritten in place with the caret kept where it was (each digit is one
 * code unit in every script), so the controlled value that comes back matches and React does not
 * move the caret to the end.
 */
function typedText(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>, latinDigits: boolean): string {
  const element = event.target;
  if (!latinDigits) return element.value;
  const latin = toLatinDigits(element.value);
  if (latin !== element.value) {
    const { selectionStart, selectionEnd } = element;
    element.value = latin;
    if (selectionStart !== null && selectionEnd !== null) element.setSelectionRange(selectionStart, selectionEnd);
  }
  return latin;
}

/** A text control bound to one field: its message and the props of the `<input>`/`<textarea>`. */
function useTextController<T extends FieldValues, N extends FieldPath<T>, TT>(control: Control<T, unknown, TT>, name: N, latinDigits: boolean) {
  const { field, fieldState } = useController({ control, name });
  return {
    error: fieldState.error?.message,
    control: {
      ref: field.ref,
      name: field.name,
      value: asText(field.value),
      onChange: (event: ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => field.onChange(typedText(event, latinDigits)),
      onBlur: field.onBlur,
    },
  };
}

interface TextOptions {
  /** A number or code (phone, national id, plate): Persian and Arabic digits become Latin as typed. */
  latinDigits?: boolean;
}

type TextFieldProps<T extends FieldValues, N extends FieldPath<T>, TT> = FieldBaseProps<T, N, TT> &
  Omit<InputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'required'> &
  TextOptions;

/** A one-line text input. */
export function TextField<T extends FieldValues, N extends FieldPath<T>, TT>({ control, name, label, required, helperText, latinDigits = false, ...inputProps }: TextFieldProps<T, N, TT>) {
  const text = useTextController(control, name, latinDigits);
  return (
    <FieldFrame label={label} required={required} error={text.error} helperText={helperText}>
      <Input {...inputProps} {...text.control} />
    </FieldFrame>
  );
}

type TextareaFieldProps<T extends FieldValues, N extends FieldPath<T>, TT> = FieldBaseProps<T, N, TT> &
  Omit<TextareaProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'required'> &
  TextOptions;

/** A multi-line text input. */
export function TextareaField<T extends FieldValues, N extends FieldPath<T>, TT>({ control, name, label, required, helperText, latinDigits = false, ...textareaProps }: TextareaFieldProps<T, N, TT>) {
  const text = useTextController(control, name, latinDigits);
  return (
    <FieldFrame label={label} required={required} error={text.error} helperText={helperText}>
      <Textarea {...textareaProps} {...text.control} />
    </FieldFrame>
  );
}

type MoneyFieldProps<T extends FieldValues, N extends FieldPath<T>, TT> = FieldBaseProps<T, N, TT> & Omit<MoneyInputProps, 'name' | 'value' | 'onChange' | 'required'>;

/**
 * An amount in tomans: grouped as typed (MoneyInput); the field holds the amount's Latin digits,
 * which the contract schema reads like any typed number.
 */
export function MoneyField<T extends FieldValues, N extends FieldPath<T>, TT>({ control, name, label, required, helperText, ...inputProps }: MoneyFieldProps<T, N, TT>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FieldFrame label={label} required={required} error={fieldState.error?.message} helperText={helperText}>
      <MoneyInput {...inputProps} ref={field.ref} name={field.name} value={asText(field.value)} onChange={field.onChange} onBlur={field.onBlur} />
    </FieldFrame>
  );
}

/** A Jalali day; the field holds its day key (YYYY-MM-DD) or '' for none. */
export function DayField<T extends FieldValues, N extends FieldPath<T>, TT>({ control, name, label, required, helperText }: FieldBaseProps<T, N, TT>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FieldFrame label={label} required={required} error={fieldState.error?.message} helperText={helperText}>
      <JalaliDateField label={label} value={(field.value as string | undefined) || undefined} onChange={(day) => field.onChange(day ?? '')} width="100%" />
    </FieldFrame>
  );
}

// The select's own value for "nothing chosen" when the caller offers that as an option; the
// field itself holds '' (what the contract schemas read as absent).
const EMPTY_OPTION = 'form-kit:empty';

type SelectFieldProps<T extends FieldValues, N extends FieldPath<T>, TT> = FieldBaseProps<T, N, TT> & {
  options: readonly SelectOption[];
  placeholder?: string;
  /** An option that clears the field (e.g. 'بدون بازه'), listed first; chosen while the field is empty. */
  emptyOption?: string;
  width?: string;
  /** False inside a modal dialog or drawer, so its options are not hidden with the page behind it. */
  portalled?: boolean;
};

/** One value from a list; the field holds the option's value (a string) or '' for none. */
export function SelectField<T extends FieldValues, N extends FieldPath<T>, TT>({
  control,
  name,
  label,
  required,
  helperText,
  options,
  placeholder,
  emptyOption,
  width = '100%',
  portalled,
}: SelectFieldProps<T, N, TT>) {
  const { field, fieldState } = useController({ control, name });
  const current = asText(field.value);
  const shown = emptyOption === undefined ? options : [{ value: EMPTY_OPTION, label: emptyOption }, ...options];
  const value = current !== '' ? current : emptyOption !== undefined ? EMPTY_OPTION : null;
  return (
    <FieldFrame label={label} required={required} error={fieldState.error?.message} helperText={helperText}>
      <SingleSelect
        label={label}
        placeholder={placeholder}
        options={shown}
        value={value}
        onChange={(next) => {
          field.onChange(next === EMPTY_OPTION ? '' : next);
          field.onBlur();
        }}
        width={width}
        portalled={portalled}
      />
    </FieldFrame>
  );
}

/**
 * A labelled native select on its caller's state, outside a form: an action's choice in a
 * workflow dialog or a drawer (the browser's own list opens above any dialog).
 */
export function NativeSelectField({
  label,
  value,
  options,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** A first option with the empty value (e.g. 'انتخاب ناظر'). */
  placeholder?: string;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * The form's submit button: busy and disabled from the click until `onSubmit` settles, so a
 * request is never sent twice (the form also turns away a submit while one is in flight).
 */
export function SubmitButton<T extends FieldValues, TT>({ control, children, ...buttonProps }: { control: Control<T, unknown, TT>; children: ReactNode } & Omit<ButtonProps, 'type' | 'loading'>) {
  const { isSubmitting } = useFormState({ control });
  return (
    <Button {...buttonProps} type="submit" loading={isSubmitting}>
      {children}
    </Button>
  );
}
