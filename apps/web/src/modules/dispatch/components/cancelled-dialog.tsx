import { Button, Dialog } from '@chakra-ui/react';
import { notify } from '@panel/ui/toaster';
import { MESSAGES } from '@panel/contracts/common/plain';
import { orderCodeCopiedMessage, orderWithoutExpertMessage } from '@panel/contracts/dispatch/plain';
import { ResendOfferButton } from './resend-offer-button';

export interface CancelledOrder {
  pk: number;
  code: string;
}

/**
 * Spec §8: after a cancel, the order is without expert; its code can be copied from here, and it
 * can be sent back to the experts' offer list (spec §7's resend to offer).
 */
export function CancelledDialog({ order, onClose }: { order: CancelledOrder | null; onClose: () => void }) {
  const code = order?.code ?? null;
  return (
    // Only its buttons close it: the order code must be seen (and may be copied) first.
    <Dialog.Root
      open={code !== null}
      onOpenChange={(e) => !e.open && onClose()}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Body pt="6">
            <Dialog.Title fontSize="md" fontWeight="medium">
              {code ? orderWithoutExpertMessage(code) : ''}
            </Dialog.Title>
          </Dialog.Body>
          <Dialog.Footer>
            <Button
              variant="outline"
              onClick={async () => {
                if (!code) return;
                await navigator.clipboard.writeText(code).catch(() => undefined);
                notify(orderCodeCopiedMessage(code), 'success');
              }}
            >
              کپی کد سفارش
            </Button>
            {order && <ResendOfferButton inspectionId={order.pk} code={order.code} size="md" />}
            <Button onClick={onClose}>{MESSAGES.acknowledge}</Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}

