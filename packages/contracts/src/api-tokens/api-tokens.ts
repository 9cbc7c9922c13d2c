import { z } from 'zod';
import { RoleSchema } from '../common/enums';
import { textField, wholeNumberField } from '../common/fields';

// API tokens for machines (issue 18): an integrator's script calls the BFF with
// `Authorization: Bearer <token>`. The gateway keeps only a hash of each token and resolves it
// to the actor `token:<name>` with the roles the token was given (never more than its creator's).

/** Every token starts with this, so a leaked one is recognisable in logs and by secret scanners. */
export const API_TOKEN_PREFIX = 'pnl_';
/** The longest a token may live, in days. */
export const API_TOKEN_MAX_DAYS = 365;
/** The lifetimes the panel offers when a token is created, in days. */
export const API_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 180, 365] as const;
/** How the records name a token's actions ("who did it"). */
export const apiTokenActor = (name: string) => `token:${name}`;

export const API_TOKEN_NAME_MESSAGE = 'نام توکن باید بین ۲ تا ۶۰ نویسه از حروف، ارقام، خط تیره، زیرخط یا نقطه باشد.';
export const API_TOKEN_ROLES_MESSAGE = 'دست‌کم یک نقش برای توکن انتخاب کنید.';
export const API_TOKEN_EXPIRY_MESSAGE = `اعتبار توکن باید بین ۱ تا ${API_TOKEN_MAX_DAYS.toLocaleString('fa-IR')} روز باشد.`;

/** Letters of any script, digits, '-', '_' and '.': a name that reads well after `token:`. */
export const ApiTokenNameSchema = z
  .string({ error: API_TOKEN_NAME_MESSAGE })
  .trim()
  .pipe(textField({ max: 60, message: API_TOKEN_NAME_MESSAGE, tooLong: API_TOKEN_NAME_MESSAGE }))
  .pipe(z.string().regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]{1,59}$/u, { error: API_TOKEN_NAME_MESSAGE }));

export const CreateApiTokenInputSchema = z.object({
  name: ApiTokenNameSchema,
  roles: z.array(RoleSchema, { error: API_TOKEN_ROLES_MESSAGE }).min(1, { error: API_TOKEN_ROLES_MESSAGE }).max(8, { error: API_TOKEN_ROLES_MESSAGE }),
  expiresInDays: wholeNumberField(API_TOKEN_EXPIRY_MESSAGE, { min: 1, max: API_TOKEN_MAX_DAYS }),
});
export type CreateApiTokenInput = z.infer<typeof CreateApiTokenInputSchema>;

export const ApiTokenIdInputSchema = z.object({ id: wholeNumberField('شناسه توکن نامعتبر است.') });

/** A token as the list shows it: never the token itself, nor its hash. */
export const ApiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the token, so its owner can tell tokens apart. */
  prefix: z.string(),
  roles: z.array(z.string()),
  created_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenListSchema = z.object({ count: z.number().int(), results: z.array(ApiTokenSchema) });

/** The answer of a creation: the one time the token itself is shown. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({ token: z.string().startsWith(API_TOKEN_PREFIX) });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

/** What the gateway says of the token a request carries (the BFF's machine session). */
export const ApiTokenSelfSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  actor: z.string(),
  roles_in_services: z.array(z.string()),
  expires_at: z.string(),
});
export type ApiTokenSelf = z.infer<typeof ApiTokenSelfSchema>;

/** A token's state as a person reads it. */
export function apiTokenState(token: Pick<ApiToken, 'expires_at' | 'revoked_at'>, now = Date.now()): 'active' | 'expired' | 'revoked' {
  if (token.revoked_at) return 'revoked';
  return Date.parse(token.expires_at) <= now ? 'expired' : 'active';
}
