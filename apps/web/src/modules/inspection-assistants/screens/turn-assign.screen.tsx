import { Box, Heading, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { AssistantBoard } from '../components/assistant-board';
import { TurnChanges, TurnLedger } from '../components/turn-ledger';

/** The catalogue screens inspection is administered with (the inspection-catalogue module's). */
const CATALOGUE_LINKS = [
  { to: '/panel/inspection/packages', label: 'بسته‌های کارشناسی' },
  { to: '/panel/inspection/vehicles', label: 'انواع خودرو' },
  { to: '/panel/inspection/pricing-rates', label: 'نرخ‌های قیمت‌گذاری' },
];

/**
 * `/panel/inspection/assistant`, the "inspection admin" of spec §6 (open to everyone signed in):
 * the turn-assign board with its actions and balance plan, the turn ledger and the change log
 * (decision 097), and links to the catalogue screens.
 */
export function TurnAssignScreen() {
  return (
    <Box p="6">
      <Heading as="h1" size="xl" mb="1">
        ادمین کارشناسی
      </Heading>
      <Text color="fg.muted" textStyle="sm" mb="2">
        سفارش‌های تازه به نوبت به دستیار فعال بعدی می‌رسد؛ غیرفعال‌ها و کسانی که در استراحت‌اند کنار گذاشته می‌شوند و نوبت‌های از دست رفته کم‌کم جبران می‌شود.
      </Text>
      <Box as="nav" aria-label="کاتالوگ کارشناسی" mb="6">
        <HStack gap="4" wrap="wrap">
          {CATALOGUE_LINKS.map((l) => (
            <Link key={l.to} asChild colorPalette="blue" textDecoration="underline">
              <RouterLink to={l.to}>{l.label}</RouterLink>
            </Link>
          ))}
        </HStack>
      </Box>
      <AssistantBoard />
      <TurnLedger />
      <TurnChanges />
    </Box>
  );
}
