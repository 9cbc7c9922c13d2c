import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from '@panel/contracts/common/plain';
import { MessageText } from './message-text';
import type { ToastSeverity } from './toaster';

// Top centre, 3 seconds (spec §9). A string's numbers show in Persian digits, its Latin codes as they are.

export const toaster = createToaster({ placement: 'top', duration: TOAST_DURATION_MS, pauseOnPageIdle: true });

export function showToast(title: string, severity: ToastSeverity, description?: string): void {
  toaster.create({ title, description, type: severity, closable: true });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'md' }} data-testid="toast">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{typeof toast.title === 'string' ? <MessageText text={toast.title} /> : toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{typeof toast.description === 'string' ? <MessageText text={toast.description} /> : toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="بستن" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
