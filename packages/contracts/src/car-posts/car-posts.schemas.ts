import { z } from 'zod';
import { CAR_POSTS_ACCESS } from './car-posts.access';
import { PhoneNumberSchema, defineListFilter, defineWorkflow, joinPersian, listField, paginated, textField, wholeNumberField, codeSchema } from '../common';

// Car-post moderation (issue 16, spec §4 "Car post: approve, reject, republish, archive, return
// to editing, change ownership"). The spec does not give the graph; decision 080 records this one.

export const CAR_POST_STATES = {
  pending: 'در انتظار بررسی',
  editing: 'بازگشت برای ویرایش',
  published: 'منتشر شده',
  rejected: 'رد شده',
  archived: 'بایگانی شده',
} as const;
export type CarPostState = keyof typeof CAR_POST_STATES;
export const CarPostStateSchema = codeSchema(CAR_POST_STATES, 'وضعیت آگهی نامعتبر است');
/** The order of the state tabs: waiting for review first. */
export const CAR_POST_STATE_TABS = ['pending', 'editing', 'published', 'rejected', 'archived'] as const satisfies readonly CarPostState[];

export const CAR_POST_WORKFLOW = defineWorkflow({
  noun: 'آگهی',
  roles: CAR_POSTS_ACCESS.review,
  states: CAR_POST_STATES,
  actions: {
    // Asked like a rejection: approving publishes the post to everyone and texts the seller, and neither can be taken back (decision 080).
    approve: { label: 'تأیید و انتشار', from: ['pending'], to: 'published', confirm: 'آگهی تأیید و منتشر شود؟ برای همه دیده می‌شود و پیامک انتشار برای فروشنده فرستاده می‌شود.' },
    reject: { label: 'رد آگهی', from: ['pending', 'published'], to: 'rejected', confirm: 'آگهی رد شود؟ دلیل‌ها برای فروشنده فرستاده می‌شود.' },
    return_to_editing: { label: 'بازگشت برای ویرایش', from: ['pending', 'published', 'rejected'], to: 'editing' },
    republish: { label: 'انتشار دوباره', from: ['archived'], to: 'published', confirm: 'آگهی دوباره منتشر شود؟' },
    archive: { label: 'بایگانی', from: ['published', 'rejected', 'editing'], to: 'archived', confirm: 'آگهی بایگانی شود؟ از سایت برداشته می‌شود.' },
    change_ownership: { label: 'تغییر مالکیت', from: ['pending', 'editing', 'published', 'rejected', 'archived'] },
  },
});
export type CarPostAction = (typeof CAR_POST_WORKFLOW.actionList)[number];

export const CAR_POST_TYPES = {
  concierge_sale: 'فروش با کارشناس',
  direct: 'آگهی شخصی',
  dealer: 'نمایشگاه',
} as const;
export type CarPostType = keyof typeof CAR_POST_TYPES;
export const CarPostTypeSchema = codeSchema(CAR_POST_TYPES, 'نوع آگهی نامعتبر است');

export const GEARBOXES = { manual: 'دنده‌ای', automatic: 'اتوماتیک' } as const;

export const CAR_POST_SORTS = ['waiting', 'created_at', 'price'] as const;
export type CarPostSort = (typeof CAR_POST_SORTS)[number];

const price = (message: string) => listField.id(message);

/** The queue's filters, all in the address (issue 16). The state is one tab; waiting for review first. */
export const carPostListFilter = defineListFilter({
  state: listField.choice([...CAR_POST_STATE_TABS, 'all'] as const, 'pending', 'وضعیت آگهی نامعتبر است'),
  type: listField.oneOf(CarPostTypeSchema),
  city: listField.id('شهر نامعتبر است'),
  /** A catalogue model id (brand-models). */
  model: listField.id('خودرو نامعتبر است'),
  priceMin: price('کمترین قیمت نامعتبر است'),
  priceMax: price('بیشترین قیمت نامعتبر است'),
  /** A sales expert's name, picked from the list's `sales_experts`; matched exactly (decision 123). */
  salesExpert: listField.text(),
  /** Title, token, owner's name or phone. */
  search: listField.text(),
  createdFrom: listField.day(),
  createdTo: listField.day(),
  /** Oldest waiting first by default (the queue). */
  ...listField.ordering(CAR_POST_SORTS, 'waiting', true),
  /** The previous page's `next`: the page starts after its last post (keyset paging, decision 123). */
  after: listField.cursor(),
});
export const CarPostListFilterSchema = carPostListFilter.schema;
export type CarPostListFilter = z.infer<typeof CarPostListFilterSchema>;
export type CarPostListFilterInput = z.input<typeof CarPostListFilterSchema>;

export const CarPostListItemSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  state: CarPostStateSchema,
  version: z.number().int(),
  car_post_type: CarPostTypeSchema,
  title: z.string(),
  brand_model: z.string(),
  year: z.number().int(),
  city: z.string(),
  price: z.number(),
  is_discounted: z.boolean(),
  discounted_price: z.number().nullable(),
  owner_name: z.string(),
  owner_phone_number: z.string(),
  sales_expert_name: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  submitted_at: z.iso.datetime({ offset: true }),
  cover_url: z.string().nullable(),
});
export type CarPostListItem = z.infer<typeof CarPostListItemSchema>;
export const CarPostListPageSchema = paginated(CarPostListItemSchema).extend({
  /**
   * On the first page: the names of the sales experts who have posts, in Persian alphabetical
   * order, the options of the `salesExpert` pick (decision 123).
   */
  sales_experts: z.array(z.string()).optional(),
});
export type CarPostListPage = z.infer<typeof CarPostListPageSchema>;

/** The state tabs with how many posts each holds under the other filters. */
/** A tab's count; past 10,000 posts the planner's estimate, `estimated` (decision 123). */
export const CarPostStateCountSchema = z.object({ state: CarPostStateSchema, label: z.string(), count: z.number().int(), estimated: z.literal(true).optional() });
export const CarPostStateCountsSchema = z.array(CarPostStateCountSchema);
export type CarPostStateCount = z.infer<typeof CarPostStateCountSchema>;

/** The posts before and after one in the queue's order (keyboard: next / previous). */
export const CarPostNeighboursSchema = z.object({ previous: z.number().int().nullable(), next: z.number().int().nullable() });
export type CarPostNeighbours = z.infer<typeof CarPostNeighboursSchema>;
export const CarPostNeighboursInputSchema = z.object({ id: wholeNumberField('شناسه آگهی نامعتبر است'), filter: CarPostListFilterSchema });
export type CarPostNeighboursInput = z.infer<typeof CarPostNeighboursInputSchema>;

/** A reason from the gateway's lists (rejection reasons, edit reasons). */
export const CarPostReasonSchema = z.object({ id: z.number().int(), title: z.string() });
export type CarPostReason = z.infer<typeof CarPostReasonSchema>;
export const CarPostReasonsSchema = z.array(CarPostReasonSchema);

/** What the seller was told (the feedback text of a rejection or a return to editing). */
export const CarPostFeedbackSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  reasons: z.array(z.string()),
  text: z.string(),
  /** The whole message the seller receives. */
  message: z.string(),
  actor_fullname: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type CarPostFeedback = z.infer<typeof CarPostFeedbackSchema>;
export const CarPostFeedbacksSchema = z.array(CarPostFeedbackSchema);

// Inputs of the actions. Each names the version the moderator saw: a post changed since (by a
// colleague) is refused with a Persian 409 and the screen shows the fresh state.

const id = wholeNumberField('شناسه آگهی نامعتبر است');
const version = wholeNumberField('نسخه آگهی نامعتبر است');
const trimmed = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max }).default(''));

export const CAR_POST_MESSAGES = {
  empty: 'آگهی‌ای یافت نشد!',
  reasons: 'دست‌کم یک دلیل را انتخاب کنید.',
  unknownReason: 'دلیل انتخاب‌شده در فهرست نیست.',
  notFound: 'آگهی یافت نشد',
  sameOwner: 'این شماره همین حالا مالک آگهی است.',
  ownerName: 'نام مالک جدید را بنویسید.',
  stale: (what: string) => `این آگهی همین حالا تغییر کرد (${what}). وضعیت تازه آگهی نمایش داده شد؛ دوباره تصمیم بگیرید.`,
  done: {
    approve: 'آگهی تأیید و منتشر شد.',
    reject: 'آگهی رد شد و دلیل‌ها برای فروشنده ثبت شد.',
    return_to_editing: 'آگهی برای ویرایش به فروشنده برگشت.',
    republish: 'آگهی دوباره منتشر شد.',
    archive: 'آگهی بایگانی شد.',
    change_ownership: 'مالکیت آگهی تغییر کرد.',
  } satisfies Record<CarPostAction, string>,
} as const;

export const CarPostIdInputSchema = z.object({ id });
export type CarPostIdInput = z.infer<typeof CarPostIdInputSchema>;

export const CarPostActionInputSchema = z.object({ id, version });
export type CarPostActionInput = z.infer<typeof CarPostActionInputSchema>;

const reasonIds = z.array(wholeNumberField('دلیل نامعتبر است'), { error: CAR_POST_MESSAGES.reasons }).min(1, { error: CAR_POST_MESSAGES.reasons }).max(10);

/** Reject / return to editing: one or more reasons from the gateway's list, plus text for the seller. */
export const CarPostReasonedInputSchema = z.object({ id, version, reasons: reasonIds, text: trimmed(1000) });
export type CarPostReasonedInput = z.infer<typeof CarPostReasonedInputSchema>;

export const CarPostArchiveInputSchema = z.object({ id, version, reason: trimmed(500) });
export type CarPostArchiveInput = z.infer<typeof CarPostArchiveInputSchema>;

export const ChangeOwnershipInputSchema = z.object({
  id,
  version,
  phone_number: PhoneNumberSchema,
  owner_name: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 100, message: CAR_POST_MESSAGES.ownerName }).min(2, { error: CAR_POST_MESSAGES.ownerName })),
  reason: trimmed(500),
});
export type ChangeOwnershipInput = z.infer<typeof ChangeOwnershipInputSchema>;

export const CarPostActionResultSchema = z.object({ id: z.number().int(), state: CarPostStateSchema, version: z.number().int(), message: z.string() });
export type CarPostActionResult = z.infer<typeof CarPostActionResultSchema>;

/** How a rejection or a return to editing reads in the post's history: the reasons, then the text. */
export function feedbackText(reasonTitles: readonly string[], text: string): string {
  return [joinPersian(reasonTitles), text].filter(Boolean).join(' — ');
}
