import { useState } from 'react';
import { Button, Checkbox, Field, NativeSelect, Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LuCopy } from 'react-icons/lu';
import { PRICING_CONDITION_LABELS, PricingConditionSchema, formatToman, type PricingCondition } from '@panel/contracts/common';
import {
  ORDER_ACTION_MESSAGES,
  ORDER_WORKFLOW,
  REFUND_KIND_LABELS,
  orderActionsAllowed,
  RefundKindSchema,
  type OrderAction,
  type OrderActionResult,
  type OrderDetail,
  type OrderState,
  type RefundKind,
} from '@panel/contracts/inspection-orders';
import { ConfirmDialog, LatinCode, WorkflowActions, notify } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

const HOLD_DURATIONS = [
  { hours: 1, label: 'یک ساعت' },
  { hours: 3, label: 'سه ساعت' },
  { hours: 24, label: 'تا فردا همین ساعت' },
  { hours: 72, label: 'سه روز' },
] as const;

/**
 * A discount code shown once after a cancel with that refund: the customer must receive it, so
 * it is offered for copying as the spec's cancel modal offers the order code.
 */
export function DiscountCodeDialog({ code, onClose }: { code: string; onClose: () => void }) {
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title="کد تخفیف بازپرداخت"
      message={
        <>
          کد تخفیف هم‌ارزش مبلغ سفارش ساخته شد: <LatinCode value={code} />
        </>
      }
      confirmLabel="متوجه شدم"
      onConfirm={async () => undefined}
    >
      <Button
        variant="outline"
        size="sm"
        alignSelf="start"
        onClick={() =>
          void navigator.clipboard
            .writeText(code)
            .then(
              () => notify(`کد تخفیف ${code} کپی شد`, 'success'),
              () => notify('کپی نشد؛ کد را از همین پنجره بردارید.', 'error'),
            )
        }
      >
        <LuCopy aria-hidden />
        کپی کد
      </Button>
    </ConfirmDialog>
  );
}

/**
 * The order's actions (decision 032): a button for each move the order workflow allows from its
 * state and the hold rule leaves (`orderActionsAllowed`, what the gateway enforces); package,
 * pricing, refund and hold length are asked in the action's dialog. A refund's discount code goes
 * to `onDiscountCode`: the screen shows it, since this component is remounted when the order's
 * state changes (T → F) and would drop it.
 */
export function OrderActions({ order, onDiscountCode }: { order: OrderDetail; onDiscountCode: (code: string) => void }) {
  const [holdHours, setHoldHours] = useState<number>(HOLD_DURATIONS[0].hours);
  const [packageName, setPackageName] = useState(order.package);
  // The packages on sale in the order's city (inspection-catalogue, decision 099).
  const packages = useQuery(trpc.inspectionCatalogue.packageOptions.queryOptions({ city: order.city_id })).data ?? [];
  const [conditions, setConditions] = useState<PricingCondition[]>(order.pricing_conditions);
  const [refund, setRefund] = useState<RefundKind>('none');

  const onDone = (action: OrderAction) => (result: OrderActionResult) => {
    notify(result.message || ORDER_ACTION_MESSAGES.done[action], 'success');
    if (result.discount_code) onDiscountCode(result.discount_code);
  };
  const options = (action: OrderAction) => ({ onSuccess: onDone(action) });
  const hold = useMutation(trpc.inspectionOrders.hold.mutationOptions(options('hold')));
  const releaseHold = useMutation(trpc.inspectionOrders.releaseHold.mutationOptions(options('release_hold')));
  const sendToOffer = useMutation(trpc.inspectionOrders.sendToOffer.mutationOptions(options('send_to_offer')));
  const removeOffer = useMutation(trpc.inspectionOrders.removeOffer.mutationOptions(options('remove_offer')));
  const changePackage = useMutation(trpc.inspectionOrders.changePackage.mutationOptions(options('change_package')));
  const changePricing = useMutation(trpc.inspectionOrders.changePricing.mutationOptions(options('change_pricing')));
  const settlementLink = useMutation(trpc.inspectionOrders.settlementLink.mutationOptions(options('settlement_link')));
  const reportDifferences = useMutation(trpc.inspectionOrders.reportDifferences.mutationOptions(options('report_differences')));
  const cancel = useMutation(trpc.inspectionOrders.cancel.mutationOptions(options('cancel')));

  const pk = order.pk;
  const run = (action: OrderAction, reason: string): Promise<unknown> => {
    switch (action) {
      case 'hold':
        return hold.mutateAsync({ pk, reason, until: new Date(Date.now() + holdHours * 3_600_000).toISOString() });
      case 'release_hold':
        return releaseHold.mutateAsync({ pk });
      case 'send_to_offer':
        return sendToOffer.mutateAsync({ pk });
      case 'remove_offer':
        return removeOffer.mutateAsync({ pk });
      case 'change_package':
        return changePackage.mutateAsync({ pk, package: packageName });
      case 'change_pricing':
        return changePricing.mutateAsync({ pk, conditions });
      case 'settlement_link':
        return settlementLink.mutateAsync({ pk });
      case 'report_differences':
        return reportDifferences.mutateAsync({ pk, text: reason });
      case 'cancel':
        return cancel.mutateAsync({ pk, reason, refund });
    }
  };

  const state = order.state as OrderState;
  const allowed = orderActionsAllowed(state, order.held_until !== null);
  // Nothing to settle: the gateway refuses the settlement link too (ORDER_ACTION_MESSAGES.noDifference).
  const hidden = ORDER_WORKFLOW.allowed(state).filter((action) => !allowed.includes(action) || (action === 'settlement_link' && order.price_diff <= 0));
  return (
    <WorkflowActions
      workflow={ORDER_WORKFLOW}
      state={state}
      onRun={run}
      hidden={hidden}
      reasonLabels={{ report_differences: 'متن پیام به مشتری' }}
      destructive={['cancel', 'remove_offer']}
      fields={{
        hold: (
          <Field.Root>
            <Field.Label>مدت توقف</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={holdHours} onChange={(e) => setHoldHours(Number(e.target.value))}>
                {HOLD_DURATIONS.map((d) => (
                  <option key={d.hours} value={d.hours}>
                    {d.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ),
        change_package: (
          <Field.Root>
            <Field.Label>بسته جدید</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={packageName} onChange={(e) => setPackageName(e.target.value as typeof packageName)}>
                {packages.map((p) => (
                  <option key={p.id} value={p.name}>
                    {`${p.name} (${formatToman(p.base_price)})`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ),
        change_pricing: (
          <Stack gap="2" role="group" aria-label="شرایط قیمت‌گذاری">
            {PricingConditionSchema.options.map((condition) => (
              <Checkbox.Root
                key={condition}
                checked={conditions.includes(condition)}
                onCheckedChange={(e) => setConditions((now) => (e.checked ? [...now, condition] : now.filter((c) => c !== condition)))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{PRICING_CONDITION_LABELS[condition]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        ),
        cancel: (
          <Field.Root>
            <Field.Label>بازپرداخت</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={refund} onChange={(e) => setRefund(RefundKindSchema.parse(e.target.value))}>
                {RefundKindSchema.options.map((kind) => (
                  <option key={kind} value={kind}>
                    {REFUND_KIND_LABELS[kind]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ),
      }}
    />
  );
}
