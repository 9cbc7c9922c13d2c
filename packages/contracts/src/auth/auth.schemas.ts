import { z } from 'zod';
import { textField, wholeNumberField } from '../common/fields';
import { CallInfoSchema } from './call';

// The sign-in contract of the panel: the BFF's procedures and the web's form read the same
// schemas and Persian messages.
export const SIGN_IN_MESSAGES = {
  usernameRequired: 'نام کاربری را وارد کنید.',
  passwordRequired: 'رمز عبور را وارد کنید.',
  tooLong: 'ورودی بیش از حد طولانی است.',
} as const;

export const SignInInputSchema = z.object({
  username: z
    .string({ error: SIGN_IN_MESSAGES.usernameRequired })
    .trim()
    .pipe(textField({ max: 150, message: SIGN_IN_MESSAGES.usernameRequired, tooLong: SIGN_IN_MESSAGES.tooLong }).min(1, SIGN_IN_MESSAGES.usernameRequired)),
  password: textField({ max: 256, message: SIGN_IN_MESSAGES.passwordRequired, tooLong: SIGN_IN_MESSAGES.tooLong }).min(1, SIGN_IN_MESSAGES.passwordRequired),
});
export type SignInInput = z.infer<typeof SignInInputSchema>;

export const SessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
});

/** What the browser learns about its session: never a token. */
export const SessionSchema = z.object({ user: SessionUserSchema, roles: z.array(z.string()) });
export type SessionDto = z.infer<typeof SessionSchema>;

export const CallerHistorySchema = CallInfoSchema;

export const GatewayUserSchema = z.looseObject({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string().optional(),
  phone_number: z.string().nullable().optional(),
  roles_in_services: z.array(z.string()).optional(),
  is_active: z.boolean().optional(),
});

export const UsersListInputSchema = z.object({
  search: z.string().trim().pipe(textField({ max: 100, tooLong: 'عبارت جستجو بیش از حد طولانی است.' })).optional(),
  page: wholeNumberField('شماره صفحه نامعتبر است.').default(1),
  pageSize: wholeNumberField('اندازه صفحه حداکثر ۱۰۰ است.', { max: 100 }).default(20),
});

export const UsersListSchema = z.object({
  count: z.number().int(),
  next: z.union([z.number(), z.string()]).nullable(),
  previous: z.union([z.number(), z.string()]).nullable(),
  results: z.array(GatewayUserSchema),
});

export const UserIdInputSchema = z.object({ id: wholeNumberField('شناسه کاربر نامعتبر است.') });
