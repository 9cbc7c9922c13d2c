import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { z } from 'zod';
import { system } from '../system';
import { ContractForm } from './contract-form';
import { NativeSelectField, SelectField, SubmitButton, TextField, TextareaField } from './form-fields';
import { useContractForm } from './use-contract-form';

afterEach(cleanup);
// Validation is asynchronous and the select's popup is slow in jsdom; a busy machine needs the slack.
configure({ asyncUtilTimeout: 4000 });

const NAME_MESSAGE = 'نام را وارد کنید';
const CODE_MESSAGE = 'کد باید ۵ رقم باشد';
const KIND_MESSAGE = 'نوع را انتخاب کنید';

const Schema = z.object({
  name: z.string().trim().min(1, { error: NAME_MESSAGE }),
  code: z.string().regex(/^\d{5}$/, { error: CODE_MESSAGE }),
  kind: z.enum(['a', 'b'], { error: KIND_MESSAGE }),
  note: z.string(),
  slot: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['am', 'pm']).optional()),
});
type Values = z.input<typeof Schema>;
type Parsed = z.output<typeof Schema>;

function Probe({ onSubmit, defaults }: { onSubmit: (values: Parsed) => unknown; defaults?: Partial<Values> }) {
  const form = useContractForm(Schema, { defaultValues: { name: '', code: '', kind: '', note: '', slot: '', ...defaults } as Values, onSubmit });
  const { control } = form;
  // Never rendered: the typecheck refuses a field name the schema does not have.
  const _unknownField = () => (
    // @ts-expect-error 'missing' is not a field of the schema
    <TextField control={control} name="missing" label="نیست" />
  );
  return (
    <ContractForm form={form} label="فرم آزمایشی">
      <TextField control={control} name="name" label="نام" required />
      <TextField control={control} name="code" label="کد" latinDigits required />
      <SelectField control={control} name="kind" label="نوع" options={[{ value: 'a', label: 'الف' }, { value: 'b', label: 'ب' }]} required />
      <TextareaField control={control} name="note" label="یادداشت" />
      <SelectField control={control} name="slot" label="بازه (اختیاری)" emptyOption="بدون بازه" options={[{ value: 'am', label: 'صبح' }, { value: 'pm', label: 'عصر' }]} />
      {form.submitError !== undefined && <p>ارسال ناموفق بود</p>}
      <SubmitButton control={control}>ثبت</SubmitButton>
    </ContractForm>
  );
}

const renderProbe = (props: Parameters<typeof Probe>[0]) =>
  render(
    <ChakraProvider value={system}>
      <Probe {...props} />
    </ChakraProvider>,
  );

const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input,textarea' }) as HTMLInputElement;
// Found by type: while busy the button shows a spinner in place of its text.
const submitButton = () => screen.getByRole('form', { name: 'فرم آزمایشی' }).querySelector<HTMLButtonElement>('button[type="submit"]')!;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const VALID = { name: 'مریم', code: '12345', kind: 'a' } as const;

describe('the form kit', () => {
  it('shows the schema\'s Persian message beside the field it belongs to, and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderProbe({ onSubmit });
    fireEvent.click(submitButton());

    const message = await screen.findByText(NAME_MESSAGE);
    const nameInput = input('نام');
    expect(nameInput.getAttribute('aria-invalid')).toBe('true');
    // The message is the error text of the name's own field, and the input names it as its error.
    expect(nameInput.closest('[data-part="root"]')?.contains(message)).toBe(true);
    await waitFor(() => expect(nameInput.getAttribute('aria-errormessage')).toBe(message.id));
    expect(screen.getByText(CODE_MESSAGE)).toBeTruthy();
    expect(screen.getByText(KIND_MESSAGE)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    // After a failed submit a field is checked again as it changes: the fixed one's message goes.
    type('نام', 'مریم');
    await waitFor(() => expect(screen.queryByText(NAME_MESSAGE)).toBeNull());
    expect(screen.getByText(CODE_MESSAGE)).toBeTruthy();
  });

  it('turns Persian and Arabic digits Latin in a numeric field as they are typed, and leaves free text alone', async () => {
    const onSubmit = vi.fn();
    renderProbe({ onSubmit, defaults: { name: VALID.name, kind: VALID.kind } });
    type('کد', '۱۲٣٤5');
    expect(input('کد').value).toBe('12345');
    type('یادداشت', 'پلاک ۸');
    expect(input('یادداشت').value).toBe('پلاک ۸');

    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ name: 'مریم', code: '12345', kind: 'a', note: 'پلاک ۸' });
  });

  it('ignores a second submit while the first is in flight, and is busy until it settles', async () => {
    let settle!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    renderProbe({ onSubmit, defaults: VALID });

    // A double click: both events arrive before React renders the busy button.
    fireEvent.click(submitButton());
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    fireEvent.submit(screen.getByRole('form', { name: 'فرم آزمایشی' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await act(async () => settle());
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });

  it('keeps what was typed when the server refuses, and lets the user send again', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(new Error('409')).mockResolvedValueOnce(undefined);
    renderProbe({ onSubmit, defaults: { kind: 'b' } });
    type('نام', 'علی رضایی');
    type('کد', '۵۴۳۲۱');
    type('یادداشت', 'تماس بعد از ظهر');

    fireEvent.click(submitButton());
    expect(await screen.findByText('ارسال ناموفق بود')).toBeTruthy();
    expect(input('نام').value).toBe('علی رضایی');
    expect(input('کد').value).toBe('54321');
    expect(input('یادداشت').value).toBe('تماس بعد از ظهر');
    expect(submitButton().disabled).toBe(false);

    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByText('ارسال ناموفق بود')).toBeNull());
    expect(onSubmit.mock.calls[1]![0]).toEqual({ name: 'علی رضایی', code: '54321', kind: 'b', note: 'تماس بعد از ظهر' });
  });

  it("shows a refusal's field messages beside their fields, ignores fields the form lacks, and keeps the input", async () => {
    const refusal = { data: { httpStatus: 400, fields: [{ path: 'code', message: 'این کد پیش‌تر ثبت شده است.' }, { path: 'otp', message: 'کد تأیید نادرست است.' }] } };
    const onSubmit = vi.fn().mockRejectedValueOnce(refusal).mockResolvedValueOnce(undefined);
    renderProbe({ onSubmit, defaults: { kind: 'a' } });
    type('نام', 'علی رضایی');
    type('کد', '54321');
    fireEvent.click(submitButton());

    const message = await screen.findByText('این کد پیش‌تر ثبت شده است.');
    expect(input('کد').getAttribute('aria-invalid')).toBe('true');
    expect(message).toBeTruthy();
    expect(screen.queryByText('کد تأیید نادرست است.')).toBeNull();
    expect(input('کد').value).toBe('54321');

    type('کد', '54322');
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByText('این کد پیش‌تر ثبت شده است.')).toBeNull());
  });

  it('a select field holds the picked option, and "none" leaves it empty', async () => {
    const onSubmit = vi.fn();
    renderProbe({ onSubmit, defaults: { name: VALID.name, code: VALID.code } });
    fireEvent.click(submitButton());
    expect(await screen.findByText(KIND_MESSAGE)).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'نوع' }));
    fireEvent.click(await screen.findByRole('option', { name: 'ب' }));
    await waitFor(() => expect(screen.queryByText(KIND_MESSAGE)).toBeNull());

    const slot = screen.getByRole('combobox', { name: 'بازه (اختیاری)' });
    expect(slot.textContent).toContain('بدون بازه');
    fireEvent.click(slot);
    fireEvent.click(await screen.findByRole('option', { name: 'عصر' }));
    await waitFor(() => expect(slot.textContent).toContain('عصر'));
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ kind: 'b', slot: 'pm' });

    fireEvent.click(slot);
    fireEvent.click(await screen.findByRole('option', { name: 'بدون بازه' }));
    await waitFor(() => expect(slot.textContent).toContain('بدون بازه'));
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ kind: 'b' });
    expect(onSubmit.mock.calls[1]![0].slot).toBeUndefined();
  });

  it('a native select field is named by its label, lists the placeholder first and hands back the chosen value', () => {
    const onChange = vi.fn();
    render(
      <ChakraProvider value={system}>
        <NativeSelectField label="ناظر" placeholder="انتخاب ناظر" value="" onChange={onChange} options={[{ value: '7', label: 'مریم' }, { value: '9', label: 'علی' }]} />
      </ChakraProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'ناظر' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['انتخاب ناظر', 'مریم', 'علی']);
    fireEvent.change(select, { target: { value: '9' } });
    expect(onChange).toHaveBeenCalledWith('9');
  });
});
