import { Box, Heading } from '@chakra-ui/react';

export function TicketListScreen() {
  return (
    <Box p="6">
      <Heading size="xl">تیکت‌ها</Heading>
    </Box>
  );
}
