import { Box, Spinner, Text, VStack } from '@chakra-ui/react';

/** Covers the page while something global is decided (e.g. the account status). */
export function FullScreenLoader({ caption }: { caption?: string }) {
  return (
    <Box position="fixed" inset="0" bg="bg/80" zIndex="overlay" display="grid" placeItems="center" role="status" aria-live="polite">
      <VStack gap="4">
        <Spinner size="xl" color="colorPalette.solid" borderWidth="4px" />
        {caption && <Text fontSize="lg">{caption}</Text>}
      </VStack>
    </Box>
  );
}
