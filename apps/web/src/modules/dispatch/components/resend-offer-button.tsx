import { Button, type ButtonProps } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { LuSend } from 'react-icons/lu';
import { notify } from '@panel/ui/toaster';
import { toPersianDigits } from '@panel/contracts/common/plain';
import { trpc } from '../../../lib/trpc';

/**
 * Spec §7's "resend to offer": an order without expert goes back to the experts' offer list.
 * The gateway refuses it for an order that has an expert, with a message that says so.
 */
export function ResendOfferButton({ inspectionId, code, ...props }: { inspectionId: number; code: string } & ButtonProps) {
  const resend = useMutation(trpc.dispatch.resendOffer.mutationOptions());
  return (
    <Button
      size="sm"
      variant="outline"
      loading={resend.isPending}
      onClick={() =>
        resend.mutate({ inspectionId }, { onSuccess: () => notify(`سفارش ${toPersianDigits(code)} دوباره به پیشنهاد کارشناسان فرستاده شد.`, 'success') })
      }
      {...props}
    >
      <LuSend />
      ارسال مجدد به پیشنهاد
    </Button>
  );
}
