import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDateTime } from '@panel/contracts/common';
import { ORDER_MESSAGE_CHANNEL_LABELS } from '@panel/contracts/inspection-orders';
import { MessageText } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

/**
 * What the customer received about the order, oldest first: the staff messages of its chat
 * thread (a reported difference) and the SMS recorded for them, each as they got it.
 */
export function OrderConversation({ pk }: { pk: number }) {
  const messages = useQuery(trpc.inspectionOrders.conversation.queryOptions({ pk }));
  return (
    <Box as="section" aria-label="گفتگو با مشتری" borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Heading as="h2" size="sm" mb="3" color="fg.muted">
        گفتگو با مشتری
      </Heading>
      {!messages.data || messages.data.length === 0 ? (
        <Text color="fg.muted">{messages.isPending ? MESSAGES.loading : messages.isError ? 'گفتگوی سفارش بارگذاری نشد.' : 'هنوز پیامی برای مشتری این سفارش فرستاده نشده است.'}</Text>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
          {messages.data.map((message) => (
            <Box as="li" key={message.id} borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
              <HStack gap="2" textStyle="sm" color="fg.muted" wrap="wrap">
                <Badge size="sm" variant="subtle" colorPalette={message.channel === 'chat' ? 'green' : 'gray'}>
                  {ORDER_MESSAGE_CHANNEL_LABELS[message.channel]}
                </Badge>
                <Text as="span">
                  {message.author} · {formatJalaliDateTime(message.at)}
                </Text>
              </HStack>
              <Text whiteSpace="pre-wrap" wordBreak="break-word" mt="1">
                <MessageText text={message.text} />
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
