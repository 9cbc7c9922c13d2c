import { Box, Heading } from '@chakra-ui/react';

export function DispatchSheetScreen() {
  return (
    <Box p="6">
      <Heading size="xl">میز تخصیص کارشناسان</Heading>
    </Box>
  );
}
