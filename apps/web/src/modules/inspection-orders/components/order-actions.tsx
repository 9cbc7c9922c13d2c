import { useState } from 'react';
import { Button, Checkbox, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
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
import { ConfirmDialog, LatinCode, NativeSelectField, WorkflowActions, notify } from '@panel/ui';
import { useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';

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

  const roles = useRoles();

  const pk = order.pk;
  const orders = trpc.inspectionOrders;
  const run = useActionCalls<OrderAction, OrderActionResult>(
    {
      hold: actionCall(orders.hold, (reason) => ({ pk, reason, until: new Date(Date.now() + holdHours * 3_600_000).toISOString() })),
      release_hold: actionCall(orders.releaseHold, () => ({ pk })),
      send_to_offer: actionCall(orders.sendToOffer, () => ({ pk })),
      remove_offer: actionCall(orders.removeOffer, () => ({ pk })),
      change_package: actionCall(orders.changePackage, () => ({ pk, package: packageName })),
      change_pricing: actionCall(orders.changePricing, () => ({ pk, conditions })),
      settlement_link: actionCall(orders.settlementLink, () => ({ pk })),
      report_differences: actionCall(orders.reportDifferences, (reason) => ({ pk, text: reason })),
      cancel: actionCall(orders.cancel, (reason) => ({ pk, reason, refund })),
      // The VIN has a form of its own (components/order-vin.tsx): its message beside the field.
      set_vin: null,
      // The review desks' moves (REVIEW_DESK_ACTIONS) are not offered here: their screens take them.
      qc_approve: null,
      qc_approve_to_pricing: null,
      qc_return: null,
      price_estimate: null,
    },
    {
      onSuccess: (result, action) => {
        notify(result.message || ORDER_ACTION_MESSAGES.done[action], 'success');
        if (result.discount_code) onDiscountCode(result.discount_code);
      },
    },
  );

  const state = order.state as OrderState;
  const allowed = orderActionsAllowed(state, order.held_until !== null);
  // Nothing to settle: the gateway refuses the settlement link too (ORDER_ACTION_MESSAGES.noDifference).
  const hidden = ORDER_WORKFLOW.allowed(state).filter((action) => !allowed.includes(action) || (action === 'settlement_link' && order.price_diff <= 0));
  return (
    <WorkflowActions
      workflow={ORDER_WORKFLOW}
      state={state}
      roles={roles}
      onRun={run}
      except={['set_vin']}
      hidden={hidden}
      reasonLabels={{ report_differences: 'متن پیام به مشتری' }}
      destructive={['cancel', 'remove_offer']}
      fields={{
        hold: (
          <NativeSelectField
            label="مدت توقف"
            value={String(holdHours)}
            onChange={(value) => setHoldHours(Number(value))}
            options={HOLD_DURATIONS.map((d) => ({ value: String(d.hours), label: d.label }))}
          />
        ),
        change_package: (
          <NativeSelectField
            label="بسته جدید"
            value={packageName}
            onChange={(value) => setPackageName(value as typeof packageName)}
            options={packages.map((p) => ({ value: p.name, label: `${p.name} (${formatToman(p.base_price)})` }))}
          />
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
          <NativeSelectField
            label="بازپرداخت"
            value={refund}
            onChange={(value) => setRefund(RefundKindSchema.parse(value))}
            options={RefundKindSchema.options.map((kind) => ({ value: kind, label: REFUND_KIND_LABELS[kind] }))}
          />
        ),
      }}
    />
  );
}
