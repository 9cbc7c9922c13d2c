import { z } from 'zod';
import { PhoneNumberSchema, textField, wholeNumberField } from '@panel/contracts/common';

const required = 'این فیلد الزامی است.';

export const LoginBodySchema = z.object({
  username: z.string({ error: required }).trim().pipe(textField({ max: 150, message: required }).min(1, required)),
  password: textField({ max: 256, message: required }).min(1, required),
});

export const RefreshBodySchema = z.object({
  refresh: textField({ max: 2000, message: required }).min(1, required),
});

export const LogoutBodySchema = RefreshBodySchema;

export const UsersQuerySchema = z.object({
  search: z.string().trim().pipe(textField({ max: 100 })).optional(),
  page: wholeNumberField('شماره صفحه نامعتبر است.').default(1),
  page_size: wholeNumberField('اندازه صفحه حداکثر ۱۰۰ است.', { max: 100 }).default(20),
});

export const UserIdParamsSchema = z.object({
  id: wholeNumberField('شناسه کاربر نامعتبر است.'),
});

export const SetCallBodySchema = z.object({
  // null ends the call.
  callee_phone_number: z.union([PhoneNumberSchema, z.null()], { error: 'شماره تماس‌گیرنده نامعتبر است.' }),
});

