export { useContractForm, type ContractForm as ContractFormState, type ContractFormOptions, type ContractSchema } from './use-contract-form';
export { ContractForm, type ContractFormProps } from './contract-form';
export { FormPage, SubmitForm, TitledPage, type FormPageProps, type SubmitFormProps } from './form-page';
export { FormField, TextField, TextareaField, SelectField, NativeSelectField, MoneyField, DayField, SubmitButton } from './form-fields';
export { MoneyInput, type MoneyInputProps } from './money-input';
export { SearchPicker, type SearchPickerProps } from './search-picker';
export type { Control, FieldPath, FieldValues, PathValue, UseFormSetValue } from 'react-hook-form';
