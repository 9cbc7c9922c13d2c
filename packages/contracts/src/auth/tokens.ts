import { z } from 'zod';

// Roles are kept as open strings: the gateway may grant roles of other services
// ('<service>#<role>') that the panel does not know; ROLES in common names the ones it checks.

/** Content of the access-token cookie. */
export const AccessTokenCookieSchema = z.object({
  access: z.string().min(1),
  roles: z.array(z.string()),
});
export type AccessTokenCookie = z.infer<typeof AccessTokenCookieSchema>;

/** Content of the refresh-token cookie. */
export const RefreshTokenCookieSchema = z.object({
  refresh: z.string().min(1),
});
export type RefreshTokenCookie = z.infer<typeof RefreshTokenCookieSchema>;

/** The claims the panel reads from the access token; other claims (iat, jti...) pass through. */
export const DecodedAccessTokenSchema = z.looseObject({
  /** Seconds since the epoch, as in every JWT. */
  exp: z.number().int(),
  user: z.union([z.number().int(), z.string()]),
  roles_in_services: z.array(z.string()),
});
export type DecodedAccessToken = z.infer<typeof DecodedAccessTokenSchema>;

export const AuthInfoSchema = z.object({
  access: z.string().min(1),
  refresh: z.string().min(1),
  roles: z.array(z.string()),
});
export type AuthInfo = z.infer<typeof AuthInfoSchema>;
