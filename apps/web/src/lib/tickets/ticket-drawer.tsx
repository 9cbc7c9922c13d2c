import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { Badge, Box, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import {
  MESSAGES,
  ReplyTicketInputSchema,
  TICKET_KIT_MESSAGES,
  TICKET_STATES,
  TICKET_WORKFLOW,
  formatJalaliDateTime,
  toPersianDigits,
  ticketState,
  type ReopenTicketInput,
  type ReplyTicketInput,
  type ResolveTicketInput,
  type TicketBase,
  type TicketThread,
} from '@panel/contracts/common';
import {
  ContractForm,
  DetailGroups,
  HistoryTimeline,
  EntityDrawer,
  SubmitButton,
  TextareaField,
  WorkflowActions,
  actionLogEntries,
  notify,
  useContractForm,
  type DetailGroup,
} from '@panel/ui';
import type { Open, PanelQuery } from '../list-screen/query-types';
import { useRoles } from '../session';

// The ticket kit's drawer (decision 086): one ticket with the area's fields, its thread with the
// reply form while the table allows a reply, the resolve / reopen buttons the table allows from
// its state (with their confirmation and reason), and the action history. An area names its
// router's ticket procedures and its own fields; everything a person sees of a ticket is here once.

/** What every ticket shows after the area's own fields; who resolved it by name, from its history. */
const kitGroup = (thread: TicketThread | undefined): DetailGroup<TicketBase> => ({
  title: 'رسیدگی',
  fields: [
    { label: 'زمان ثبت', value: (t) => formatJalaliDateTime(t.created_at) },
    { label: 'وضعیت', value: (t) => TICKET_STATES[ticketState(t)] },
    {
      label: 'بسته‌شده توسط',
      value: (t) => thread?.history.find((e) => e.action === 'resolve' && e.actor_username === t.resolved_by)?.actor_fullname || t.resolved_by,
      hidden: (t) => !t.resolved,
    },
    { label: 'زمان بستن', value: (t) => t.resolved_at && formatJalaliDateTime(t.resolved_at), hidden: (t) => !t.resolved },
    { label: 'یادداشت', value: (t) => t.resolution_note, hidden: (t) => !t.resolved },
  ],
});

const REASON_LABELS = { resolve: 'یادداشت رسیدگی', reopen: 'دلیل بازگشایی' } as const;

type TicketCall<I> = { mutationOptions(): UseMutationOptions<Open, Open, I, Open> };

/** An area's ticket procedures, as its router has them (`trpc.sellTickets`): the kit calls them. */
export interface TicketProcedures<T extends TicketBase> {
  detail: { queryOptions(input: { pk: number }): PanelQuery<T> };
  thread: { queryOptions(input: { pk: number }): PanelQuery<TicketThread> };
  reply: TicketCall<ReplyTicketInput>;
  resolve: TicketCall<ResolveTicketInput>;
  reopen: TicketCall<ReopenTicketInput>;
}

export interface TicketDrawerProps<T extends TicketBase> {
  pk: number | null;
  onClose: () => void;
  procedures: TicketProcedures<T>;
  /** The area's fields, grouped as a person reads them; the kit adds its own group after them. */
  groups: DetailGroup<T>[];
  /** What the area shows above its fields (the sale or post the ticket concerns). */
  about?: (ticket: T) => ReactNode;
}

/** The reply form: the contract's schema checks it, a success empties it, a refusal keeps the text. */
function ReplyForm({ pk, reply }: { pk: number; reply: (input: ReplyTicketInput) => Promise<unknown> }) {
  const form = useContractForm(ReplyTicketInputSchema, {
    defaultValues: { pk, body: '' },
    onSubmit: async (values) => {
      await reply(values);
      notify(TICKET_KIT_MESSAGES.done.reply, 'success');
      form.reset({ pk, body: '' });
    },
  });
  return (
    <ContractForm form={form} label="پاسخ به تیکت">
      <Stack gap="2">
        <TextareaField control={form.control} name="body" label="متن پاسخ" required rows={3} />
        <SubmitButton control={form.control} alignSelf="start" size="sm">
          {TICKET_WORKFLOW.actions.reply.label}
        </SubmitButton>
      </Stack>
    </ContractForm>
  );
}

function Thread({ thread }: { thread: TicketThread | undefined }) {
  if (!thread) return <Text>{MESSAGES.loading}</Text>;
  if (thread.replies.length === 0) return <Text color="fg.muted">{TICKET_KIT_MESSAGES.noReplies}</Text>;
  return (
    <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
      {thread.replies.map((reply) => (
        <Box as="li" key={reply.id} borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
          <Text textStyle="sm" color="fg.muted">
            {reply.author_name} · {formatJalaliDateTime(reply.created_at)}
          </Text>
          <Text whiteSpace="pre-wrap">{toPersianDigits(reply.body)}</Text>
        </Box>
      ))}
    </Stack>
  );
}

export function TicketDrawer<T extends TicketBase>({ pk, onClose, procedures, groups, about }: TicketDrawerProps<T>) {
  const queryClient = useQueryClient();
  const input = { pk: pk ?? 0 };
  const ticket = useQuery({ ...procedures.detail.queryOptions(input), enabled: pk !== null }).data;
  const thread = useQuery({ ...procedures.thread.queryOptions(input), enabled: pk !== null }).data;
  const reply = useMutation(procedures.reply.mutationOptions()).mutateAsync;
  const resolve = useMutation(procedures.resolve.mutationOptions()).mutateAsync;
  const reopen = useMutation(procedures.reopen.mutationOptions()).mutateAsync;
  const roles = useRoles();
  const state = ticket && ticketState(ticket);
  // A refusal (a colleague resolved it first) shows the §8 toast and the ticket as it is now.
  const refreshing = <I,>(call: (input: I) => Promise<unknown>) => async (input: I) => {
    try {
      return await call(input);
    } catch (error) {
      void queryClient.invalidateQueries();
      throw error;
    }
  };
  const run = async (action: 'reply' | 'resolve' | 'reopen', note: string) => {
    if (!ticket || action === 'reply') return;
    await refreshing(action === 'resolve' ? resolve : reopen)({ pk: ticket.pk, note });
    notify(TICKET_KIT_MESSAGES.done[action], 'success');
  };
  const shown = ticket && state ? { ticket, state } : null;

  return (
    <EntityDrawer
      open={pk !== null}
      onClose={onClose}
      entity={shown}
      noun="تیکت"
      code={(t) => toPersianDigits(t.ticket.pk)}
      state={(t) => (
        <Badge colorPalette={t.state === 'resolved' ? 'gray' : 'orange'} variant="subtle">
          {TICKET_STATES[t.state]}
        </Badge>
      )}
    >
      {({ ticket, state }) => (
        <>
          <Stack gap="1">
            <Text fontWeight="bold">{toPersianDigits(ticket.title)}</Text>
            <Text>{toPersianDigits(ticket.description)}</Text>
          </Stack>
          {about?.(ticket)}
          <DetailGroups item={ticket} groups={[...groups, kitGroup(thread) as DetailGroup<T>]} columns={1} size="sm" />
          <HStack gap="2" wrap="wrap">
            <WorkflowActions key={state} workflow={TICKET_WORKFLOW} state={state} roles={roles} except={['reply']} reasonLabels={REASON_LABELS} onRun={run} />
          </HStack>
          <Box as="section" aria-label="گفتگو">
            <Heading as="h3" size="sm" mb="2" color="fg.muted">
              گفتگو
            </Heading>
            <Stack gap="3">
              <Thread thread={thread} />
              {TICKET_WORKFLOW.can('reply', state) && <ReplyForm key={ticket.pk} pk={ticket.pk} reply={refreshing(reply)} />}
            </Stack>
          </Box>
          <HistoryTimeline entries={thread ? actionLogEntries(thread.history, { workflow: TICKET_WORKFLOW }) : []} emptyText={thread ? TICKET_KIT_MESSAGES.noHistory : MESSAGES.loading} />
        </>
      )}
    </EntityDrawer>
  );
}
