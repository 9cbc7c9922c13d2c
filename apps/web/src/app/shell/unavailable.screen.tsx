import { Box, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { NavGroup } from '../navigation';

/**
 * A panel page the user's roles do not open (spec §6); the BFF refuses its calls as well. It
 * lists the pages the user can open, so landing here (the home page is the sheet) is not a dead end.
 */
export function NoAccessScreen({ title, groups }: { title: string; groups: readonly NavGroup[] }) {
  return (
    <Box p="8" maxW="3xl">
      <Heading as="h1" size="2xl" mb="4">
        {title}
      </Heading>
      <Text mb="6">شما به این بخش دسترسی ندارید.</Text>
      {groups.length > 0 && (
        <Stack as="nav" aria-label="صفحه‌هایی که می‌توانید باز کنید" gap="3">
          <Text fontWeight="bold">صفحه‌هایی که می‌توانید باز کنید:</Text>
          <List.Root ps="5">
            {groups.flatMap((group) =>
              group.items.map((item) => (
                <List.Item key={item.path}>
                  <Link asChild colorPalette="green" variant="underline">
                    <RouterLink to={item.href}>{item.title}</RouterLink>
                  </Link>
                </List.Item>
              )),
            )}
          </List.Root>
        </Stack>
      )}
    </Box>
  );
}

export function PanelNotFoundScreen() {
  return (
    <Box p="8">
      <Heading as="h1" size="2xl" mb="4">
        صفحه یافت نشد
      </Heading>
      <Text color="fg.muted">نشانی واردشده در پنل وجود ندارد. از منوی کناری یکی از صفحه‌ها را انتخاب کنید.</Text>
    </Box>
  );
}
