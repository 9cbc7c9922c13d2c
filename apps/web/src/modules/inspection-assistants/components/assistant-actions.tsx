import { Button, HStack } from '@chakra-ui/react';
import { toPersianDigits } from '@panel/contracts/common';
import { TURN_ACTIONS, type Assistant } from '@panel/contracts/inspection-assistants';
import { ConfirmDialog } from '@panel/ui';

/** The line actions of an assistant on the board (decision 097). */
export type AssistantAction = 'activate' | 'deactivate' | 'pause' | 'resume' | 'clear';

export const isPaused = (a: Assistant, now = Date.now()) => !!a.paused_until && Date.parse(a.paused_until) > now;
export const assistantName = (a: Pick<Assistant, 'name' | 'username'>) => a.name || a.username;

/** What may be done to an assistant as they stand: one way in or out of the rotation, and clearing their orders. */
export function actionsOf(a: Assistant): AssistantAction[] {
  const state: AssistantAction[] = !a.active ? ['activate'] : isPaused(a) ? ['resume', 'deactivate'] : ['pause', 'deactivate'];
  return a.open_orders > 0 ? [...state, 'clear'] : state;
}

const BUTTON_LABELS: Record<AssistantAction, string> = {
  activate: 'فعال‌سازی',
  deactivate: 'غیرفعال‌سازی',
  pause: 'استراحت',
  resume: 'پایان استراحت',
  clear: 'پاک کردن تخصیص‌ها',
};

/** The buttons of one row; disabled, not hidden, for a user who may only look (the BFF refuses them too). */
export function AssistantButtons({ assistant, allowed, onAct }: { assistant: Assistant; allowed: boolean; onAct: (action: AssistantAction) => void }) {
  return (
    <HStack gap="1" wrap="wrap">
      {actionsOf(assistant).map((action) => (
        <Button
          key={action}
          size="xs"
          variant="outline"
          colorPalette={action === 'clear' || action === 'deactivate' ? 'red' : undefined}
          disabled={!allowed}
          onClick={() => onAct(action)}
          aria-label={`${BUTTON_LABELS[action]} ${assistantName(assistant)}`}
        >
          {BUTTON_LABELS[action]}
        </Button>
      ))}
    </HStack>
  );
}

const MESSAGES: Record<AssistantAction, (a: Assistant) => string> = {
  activate: (a) => `«${assistantName(a)}» دوباره در نوبت قرار می‌گیرد؛ نوبت‌هایی که از دست داده (${toPersianDigits(a.makeup_owed)}) کم‌کم و هر دور یکی جبران می‌شود.`,
  deactivate: (a) => `«${assistantName(a)}» دیگر سفارش تازه نمی‌گیرد. سفارش‌های باز او (${toPersianDigits(a.open_orders)}) با او می‌ماند؛ برای برگرداندنشان به صف «پاک کردن تخصیص‌ها» را بزنید.`,
  pause: (a) => `«${assistantName(a)}» تا پایان شیفت جاری نوبت نمی‌گیرد و این کار در سابقه ثبت می‌شود.`,
  resume: (a) => `استراحت «${assistantName(a)}» همین حالا تمام می‌شود و دوباره نوبت می‌گیرد.`,
  clear: (a) => `${toPersianDigits(a.open_orders)} سفارش باز «${assistantName(a)}» به صف (بدون دستیار) برمی‌گردد.`,
};

/** The confirmation of a line action; a pause asks for its reason, which the change log keeps. */
export function AssistantActionDialog({ asking, onClose, onConfirm }: { asking: { assistant: Assistant; action: AssistantAction } | null; onClose: () => void; onConfirm: (reason: string) => Promise<unknown> }) {
  const action = asking?.action ?? 'activate';
  return (
    <ConfirmDialog
      open={asking !== null}
      onClose={onClose}
      title={`${TURN_ACTIONS[action]}${asking ? ` «${assistantName(asking.assistant)}»` : ''}`}
      message={asking && MESSAGES[action](asking.assistant)}
      confirmLabel={BUTTON_LABELS[action]}
      reason={action === 'pause' ? 'required' : undefined}
      reasonLabel="دلیل استراحت"
      destructive={action === 'clear' || action === 'deactivate'}
      onConfirm={onConfirm}
    />
  );
}
