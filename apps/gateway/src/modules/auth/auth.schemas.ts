import { z } from 'zod';
import { PhoneNumberSchema } from '@panel/contracts/common';

const required = 'این فیلد الزامی است.';

export const LoginBodySchema = z.object({
  username: z.string({ error: required }).trim().min(1, required).max(150),
  password: z.string({ error: required }).min(1, required).max(256),
});

export const RefreshBodySchema = z.object({
  refresh: z.string({ error: required }).min(1, required),
});

export const LogoutBodySchema = RefreshBodySchema;

export const UsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1, 'شماره صفحه نامعتبر است.').default(1),
  page_size: z.coerce.number().int().min(1).max(100, 'اندازه صفحه حداکثر ۱۰۰ است.').default(20),
});

export const UserIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'شناسه کاربر نامعتبر است.' }).int().positive('شناسه کاربر نامعتبر است.'),
});

export const SetCallBodySchema = z.object({
  // null ends the call.
  callee_phone_number: z.union([PhoneNumberSchema, z.null()], { error: 'شماره تماس‌گیرنده نامعتبر است.' }),
});

