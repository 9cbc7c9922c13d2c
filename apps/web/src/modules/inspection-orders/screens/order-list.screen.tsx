import { Box, Heading } from '@chakra-ui/react';

export function OrderListScreen() {
  return (
    <Box p="6">
      <Heading size="xl">لیست سفارش‌ها</Heading>
    </Box>
  );
}
