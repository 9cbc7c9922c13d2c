import { z } from 'zod';
import { PhoneNumberSchema, toLatinDigits, wholeNumberField } from '../common';
import { RegisterOrderFieldsSchema } from './orders';

// Registering an order (/panel/leasing-order, decision 103): the gateway sends the customer a
// one-time code (the SMS is only recorded in the outbox, masked; the demo reads the code in the
// gateway's log), the schedule is previewed, and the order is registered with the code.

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 120;
export const OTP_MAX_ATTEMPTS = 5;
/** A new code for the same phone is refused for this long. */
export const OTP_RESEND_SECONDS = 60;

export const RequestOtpInputSchema = z.object({ phone_number: PhoneNumberSchema });
export const OtpSentSchema = z.object({ phone_number: z.string(), expires_in: z.number().int(), message: z.string() });
export type OtpSent = z.infer<typeof OtpSentSchema>;

const OTP_MESSAGE = `کد تأیید ${OTP_LENGTH} رقمی را وارد کنید.`;
export const OtpCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v.trim()) : v),
  z.string({ error: OTP_MESSAGE }).regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: OTP_MESSAGE }),
);

export const SchedulePreviewInputSchema = z.object({
  plan_id: wholeNumberField('طرح را انتخاب کنید.'),
  price: RegisterOrderFieldsSchema.shape.price,
  down_payment: RegisterOrderFieldsSchema.shape.down_payment,
  months: RegisterOrderFieldsSchema.shape.months,
});
export type SchedulePreviewInput = z.infer<typeof SchedulePreviewInputSchema>;

export const ScheduleSchema = z.object({
  principal: z.number(),
  total: z.number(),
  monthly: z.number(),
  annual_rate: z.number(),
  instalments: z.array(z.object({ seq: z.number().int(), due_date: z.string(), amount: z.number() })),
});
export type ScheduleAnswer = z.infer<typeof ScheduleSchema>;

export const RegisterOrderInputSchema = RegisterOrderFieldsSchema.extend({ otp_code: OtpCodeSchema });
export type RegisterOrderInput = z.infer<typeof RegisterOrderInputSchema>;
export const RegisteredOrderSchema = z.object({ id: z.number().int(), code: z.string(), message: z.string() });

export const REGISTER_MESSAGES = {
  otpSent: 'کد تأیید برای مشتری پیامک شد.',
  otpWait: 'کد تأیید همین حالا فرستاده شد؛ یک دقیقه بعد دوباره تلاش کنید.',
  otpWrong: 'کد تأیید درست نیست.',
  otpExpired: 'کد تأیید منقضی شده است؛ کد تازه بگیرید.',
  otpMissing: 'برای این شماره کد تأیید فرستاده نشده است.',
  otpLocked: 'کد تأیید بیش از حد اشتباه وارد شد؛ کد تازه بگیرید.',
  registered: (code: string) => `سفارش لیزینگ ${code} ثبت شد.`,
  /** The SMS as the outbox records it: the code itself never leaves the gateway's log in the demo. */
  sms: 'کد تأیید ثبت سفارش لیزینگ شما: ●●●●●●',
} as const;
