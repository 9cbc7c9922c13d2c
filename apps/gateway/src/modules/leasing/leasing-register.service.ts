import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { CITIES, tehranDateKey, toPersianDigits } from '@panel/contracts/common';
import {
  LEASING_ORDER_MESSAGES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  REGISTER_MESSAGES,
  computeSchedule,
  type OtpSent,
  type RegisterOrderInput,
  type ScheduleAnswer,
  type SchedulePreviewInput,
} from '@panel/contracts/leasing';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { HttpError, badRequest } from '../../errors';
import { recordOutbox } from '../../outbox';
import { logAction, type Actor } from '../../workflow';
import { ORDER_ENTITY, type LeasingDb, type LeasingTablesAll } from './leasing-orders.service';

// Registering a leasing order (decision 103). The gateway makes a one-time code, keeps only its
// keyed hash, records the SMS in the outbox with the code masked and hands the code to its log
// (the demo's stand-in for the customer's phone); the browser never sees it. The order is
// registered with the code, the plan's rules checked and the schedule of decision 101 stored.

const CITY_NOT_SERVED = 'این لیزینگ در این شهر خدمت نمی‌دهد.';
const UNKNOWN_CITY = 'شهر را انتخاب کنید.';

const hashOf = (secret: string, phone: string, code: string) => createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');

/** The plan of a preview or a registration, refused in Persian when it cannot finance this. */
async function checkedPlan(q: LeasingDb, input: SchedulePreviewInput) {
  const plan = await q
    .selectFrom('leasing_plans as pl')
    .innerJoin('leasing_plan_groups as g', 'g.id', 'pl.group_id')
    .innerJoin('leasing_providers as p', 'p.id', 'g.provider_id')
    .select(['pl.id', 'pl.annual_rate', 'pl.min_down_percent', 'pl.months', 'pl.is_active', 'p.id as provider_id', 'p.is_active as provider_active', 'p.city_ids'])
    .where('pl.id', '=', input.plan_id)
    .executeTakeFirst();
  if (!plan || !plan.is_active || !plan.provider_active) throw badRequest({ plan_id: [LEASING_ORDER_MESSAGES.planInactive] });
  if (!plan.months.includes(input.months)) throw badRequest({ months: [LEASING_ORDER_MESSAGES.planMonths] });
  if (input.down_payment >= input.price) throw badRequest({ down_payment: [LEASING_ORDER_MESSAGES.downPaymentOver] });
  if (input.down_payment * 100 < input.price * plan.min_down_percent) throw badRequest({ down_payment: [LEASING_ORDER_MESSAGES.downPayment] });
  return plan;
}

export async function previewSchedule(q: LeasingDb, input: SchedulePreviewInput, day = tehranDateKey(new Date())): Promise<ScheduleAnswer> {
  const plan = await checkedPlan(q, input);
  const annual_rate = Number(plan.annual_rate);
  return { ...computeSchedule({ price: input.price, downPayment: input.down_payment, annualRatePercent: annual_rate, months: input.months, startDay: day }), annual_rate };
}

export function registerService(db: Db, secret: string) {
  return {
    /** A new code for `phone`; `reveal` is where the demo shows it (the gateway's log). */
    async requestOtp(actor: Actor, phone: string, reveal: (code: string) => void): Promise<OtpSent> {
      const code = await db.transaction(async (tx) => {
        const q = kyselyOf<LeasingTablesAll>(tx);
        // One code at a time per phone: serialise on the phone's codes.
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`leasing-otp:${phone}`}))`.execute(q);
        const recent = await q
          .selectFrom('leasing_otps')
          .select('id')
          .where('phone_number', '=', phone)
          .where('used_at', 'is', null)
          .where('created_at', '>', sql<string>`now() - make_interval(secs => ${OTP_RESEND_SECONDS})`)
          .executeTakeFirst();
        if (recent) throw new HttpError(429, { message: REGISTER_MESSAGES.otpWait });
        const made = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
        await q
          .insertInto('leasing_otps')
          .values({ phone_number: phone, code_hash: hashOf(secret, phone, made), expires_at: sql<string>`now() + make_interval(secs => ${OTP_TTL_SECONDS})` })
          .execute();
        await recordOutbox(tx, { channel: 'sms', target: phone, text: REGISTER_MESSAGES.sms, entity: 'leasing_otp', createdBy: actor.username });
        return made;
      });
      reveal(code);
      return { phone_number: phone, expires_in: OTP_TTL_SECONDS, message: REGISTER_MESSAGES.otpSent };
    },

    async register(actor: Actor, input: RegisterOrderInput): Promise<{ id: number; code: string; message: string }> {
      const outcome = await db.transaction(async (tx) => {
        const q = kyselyOf<LeasingTablesAll>(tx);
        const otp = await q.selectFrom('leasing_otps').selectAll().where('phone_number', '=', input.phone_number).where('used_at', 'is', null).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).forUpdate().executeTakeFirst();
        if (!otp) return { refused: REGISTER_MESSAGES.otpMissing };
        if (otp.attempts >= OTP_MAX_ATTEMPTS) return { refused: REGISTER_MESSAGES.otpLocked };
        if (Date.parse(otp.expires_at) <= Date.now()) return { refused: REGISTER_MESSAGES.otpExpired };
        if (!timingSafeEqual(Buffer.from(otp.code_hash), Buffer.from(hashOf(secret, input.phone_number, input.otp_code)))) {
          // Counted even though the registration is refused: this transaction commits the attempt.
          await q.updateTable('leasing_otps').set({ attempts: otp.attempts + 1 }).where('id', '=', otp.id).execute();
          return { refused: otp.attempts + 1 >= OTP_MAX_ATTEMPTS ? REGISTER_MESSAGES.otpLocked : REGISTER_MESSAGES.otpWrong };
        }
        const plan = await checkedPlan(q, input);
        if (!CITIES.some((c) => c.id === input.city_id)) throw badRequest({ city_id: [UNKNOWN_CITY] });
        if (plan.city_ids.length > 0 && !plan.city_ids.includes(input.city_id)) throw badRequest({ city_id: [CITY_NOT_SERVED] });
        const day = tehranDateKey(new Date());
        const schedule = computeSchedule({ price: input.price, downPayment: input.down_payment, annualRatePercent: Number(plan.annual_rate), months: input.months, startDay: day });
        await q.updateTable('leasing_otps').set({ used_at: sql<string>`now()` }).where('id', '=', otp.id).execute();
        const order = await q
          .insertInto('leasing_orders')
          .values({
            customer_name: input.customer_name,
            national_id: input.national_id,
            phone_number: input.phone_number,
            city_id: input.city_id,
            provider_id: plan.provider_id,
            plan_id: plan.id,
            car_title: input.car_title,
            price: input.price,
            down_payment: input.down_payment,
            months: input.months,
            annual_rate: Number(plan.annual_rate),
            monthly: schedule.monthly,
            total: schedule.total,
            start_day: day,
            created_by: actor.username,
          })
          .returning(['id', 'code'])
          .executeTakeFirstOrThrow();
        await logAction(tx, { entity: ORDER_ENTITY, entityId: order.id, action: 'register', to: 'registered', actor, reason: '' });
        return { order };
      });
      if ('refused' in outcome) throw badRequest({ otp_code: [outcome.refused!] });
      return { ...outcome.order, message: REGISTER_MESSAGES.registered(toPersianDigits(outcome.order.code)) };
    },
  };
}
