import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { MESSAGES, toPersianDigits } from '@panel/contracts/common/plain';
import { PanelDialog } from '@panel/ui/actions';
import { MessageText } from '@panel/ui/message-text';
import { useCallerHistory } from '../../modules/auth/api/session';
import { userMessage } from '../../lib/user-message';

/** Where the caller's history lives, by area (spec §2). */
export function callerHistoryLinks(phone: string) {
  const search = encodeURIComponent(phone);
  return [
    { label: 'سفارش‌های کارشناسی', href: `/panel/inspection/orders?search=${search}&date=&state=` },
    { label: 'فروش همراه', href: `/panel/concierge-sale?search=${search}` },
    { label: 'سفارش‌های لیزینگ', href: `/panel/leasing/orders?search=${search}` },
  ];
}

/**
 * The history of the person the staff member is talking with now. The callee is asked for
 * only while the dialog is open.
 */
export function CallerHistoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const callee = useCallerHistory(open);
  const phone = callee.data?.callee_phone_number ?? null;

  return (
    <PanelDialog open={open} onClose={() => onOpenChange(false)} title="تاریخچه تماس‌گیرنده">
      {callee.isPending ? (
        <Stack align="center" py="6" gap="3">
          <Spinner />
          <Text>{MESSAGES.loading}</Text>
        </Stack>
      ) : callee.isError ? (
        <Text color="fg.error">
          <MessageText text={userMessage(callee.error)} />
        </Text>
      ) : phone ? (
        <Stack gap="4">
          <Text>
            شماره تماس‌گیرنده:{' '}
            <Box as="span" fontWeight="bold" dir="ltr" unicodeBidi="isolate">
              {toPersianDigits(phone)}
            </Box>
          </Text>
          <Text color="fg.muted" textStyle="sm">
            سابقهٔ این شماره را در هر بخش ببینید:
          </Text>
          <Stack gap="2">
            {callerHistoryLinks(phone).map((link) => (
              <Button key={link.href} asChild variant="outline" justifyContent="start" onClick={() => onOpenChange(false)}>
                <Link to={link.href}>{link.label}</Link>
              </Button>
            ))}
          </Stack>
        </Stack>
      ) : (
        <Stack gap="2">
          <Text fontWeight="bold">{MESSAGES.notOnCall}</Text>
          <Text color="fg.muted">
            این بخش فقط زمانی که با یک مشتری در حال مکالمه هستید، سابقهٔ همان تماس‌گیرنده را نشان می‌دهد: سفارش‌های
            کارشناسی، فروش همراه و سفارش‌های لیزینگ او. پس از برقراری تماس دوباره این پنجره را باز کنید.
          </Text>
        </Stack>
      )}
    </PanelDialog>
  );
}
