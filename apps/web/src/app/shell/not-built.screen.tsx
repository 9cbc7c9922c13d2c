import { Badge, Box, Heading, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { LuConstruction } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import type { NavGroup } from '../navigation';

/** A sidebar page whose module is not built yet: says so, and does not pretend to work. */
export function NotBuiltScreen({ title }: { title: string }) {
  return (
    <Box p="8" maxW="3xl">
      <HStack gap="3" mb="4">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Badge colorPalette="orange" size="lg">
          ساخته نشده
        </Badge>
      </HStack>
      <HStack gap="3" align="start" borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" rounded="l2" p="5">
        <Box as={LuConstruction} boxSize="6" color="orange.fg" flexShrink={0} />
        <Box>
          <Text fontWeight="bold" mb="1">
            این بخش هنوز ساخته نشده است.
          </Text>
          <Text color="fg.muted">
            صفحهٔ «{title}» در این نسخهٔ پنل پیاده‌سازی نشده است؛ هیچ داده‌ای از سرور نمی‌خواند و هیچ کاری انجام نمی‌دهد.
          </Text>
        </Box>
      </HStack>
    </Box>
  );
}

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
