import { Box, Heading, Text, Badge, HStack, Button } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { trpc } from '../lib/trpc';

/** The public landing page: says what this is and whether the system is up. */
export function HomeScreen() {
  const health = useQuery({ ...trpc.system.health.queryOptions(), meta: { silent: true } });
  return (
    <Box maxW="3xl" mx="auto" p="8">
      <Heading size="2xl" mb="4">
        پنل مدیریت خدمات خودرو
      </Heading>
      <Text mb="6" color="fg.muted">
        کارشناسی خودرو، میز تخصیص کارشناسان، فروش همراه، لیزینگ، قولنامه و سایر خدمات در یک پنل.
      </Text>
      <HStack gap="3" mb="6">
        <Text>وضعیت سامانه:</Text>
        {health.isPending ? (
          <Badge>در حال بررسی...</Badge>
        ) : health.isSuccess ? (
          <Badge colorPalette="green">در دسترس</Badge>
        ) : (
          <Badge colorPalette="red">در دسترس نیست</Badge>
        )}
      </HStack>
      <Button asChild>
        <Link to="/panel/inspection/orders/management">ورود به پنل</Link>
      </Button>
    </Box>
  );
}
