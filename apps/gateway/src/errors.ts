/**
 * A failure in the upstream's own shapes (spec §8): the body is what the real gateway would
 * answer — a string, `{detail}`, `{message}`, `{non_field_errors: [...]}` or a field map.
 * Services throw these; the app's error handler writes them as they are.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

export const badRequest = (fields: Record<string, string[]>) => new HttpError(400, fields);
export const notFound = (detail = 'یافت نشد') => new HttpError(404, { detail });
export const conflict = (message: string) => new HttpError(409, { message });
export const forbidden = (detail = 'شما اجازه انجام این عملیات را ندارید') => new HttpError(403, { detail });
export const unauthorized = (detail = 'اطلاعات احراز هویت ارائه نشده است') => new HttpError(401, { detail });
export const TOKEN_NOT_VALID = 'توکن نامعتبر است یا منقضی شده است';
/** SimpleJWT's token_not_valid answer, with the detail alone (a `code` key would lead §8's message). */
export const tokenNotValid = () => new HttpError(401, { detail: TOKEN_NOT_VALID });
