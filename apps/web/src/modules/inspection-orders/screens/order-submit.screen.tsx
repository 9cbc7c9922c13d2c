import { Box, Heading } from '@chakra-ui/react';

export function OrderSubmitScreen() {
  return (
    <Box p="6">
      <Heading size="xl">ثبت درخواست تلفنی</Heading>
    </Box>
  );
}
