import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatJalaliDateTime, toPersianDigits, VEHICLE_TYPE_LABELS, type VehicleType } from '@panel/contracts/common';
import { SCHEMA_ACTIVATION, type Editor, type ReportSchemaDetail } from '@panel/contracts/report-schemas';
import { HistoryTimeline, WorkflowActions, actionLogEntries, notify } from '@panel/ui';
import { useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';

const HISTORY_LABELS = { workflow: SCHEMA_ACTIVATION, extra: { create: 'ساخت اسکیما', save: 'ذخیره نسخه تازه', customise: 'سفارشی‌سازی برند و مدل', sync: 'هم‌گامی با اسکیمای اصلی' } };
const BEAT_MS = 15_000;

/** Who else has this schema open in the editor: told while they are (a heartbeat every 15 s; decision 110). */
export function usePresence(id: number): Editor[] {
  const [others, setOthers] = useState<Editor[]>([]);
  const beat = useMutation(trpc.reportSchemas.presence.mutationOptions({ meta: { silent: true } }));
  const leave = useMutation(trpc.reportSchemas.leave.mutationOptions({ meta: { silent: true } }));
  const { mutateAsync: beatAsync } = beat;
  const { mutate: leaveNow } = leave;
  useEffect(() => {
    let live = true;
    const tick = () => beatAsync({ id }).then((list) => live && setOthers(list), () => undefined);
    void tick();
    const timer = setInterval(tick, BEAT_MS);
    return () => {
      live = false;
      clearInterval(timer);
      leaveNow({ id });
    };
  }, [id, beatAsync, leaveNow]);
  return others;
}

export function PresenceNotice({ others }: { others: Editor[] }) {
  if (others.length === 0) return null;
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Title>{`${others.map((o) => o.fullname || o.username).join('، ')} هم این اسکیما را در ویرایشگر باز کرده است. اگر او زودتر ذخیره کند، ذخیره شما با پیام «نسخه تازه» رد می‌شود.`}</Alert.Title>
    </Alert.Root>
  );
}

function Activation({ schema }: { schema: ReportSchemaDetail }) {
  const roles = useRoles();
  const activate = useMutation(trpc.reportSchemas.activate.mutationOptions({ onSuccess: (o) => notify(o.message, 'success') }));
  return (
    <Stack gap="2">
      {schema.vehicle_types.map((type: VehicleType) => {
        const state = schema.active_for.includes(type) ? 'active' : 'inactive';
        return (
          <HStack key={type} justify="space-between" gap="3" wrap="wrap">
            <HStack gap="2">
              <Text>{VEHICLE_TYPE_LABELS[type]}</Text>
              <Badge colorPalette={state === 'active' ? 'green' : 'gray'}>{SCHEMA_ACTIVATION.label(state)}</Badge>
            </HStack>
            <WorkflowActions workflow={SCHEMA_ACTIVATION} state={state} roles={roles} onRun={(action) => activate.mutateAsync({ id: schema.id, vehicle_type: type, active: action === 'activate' })} />
          </HStack>
        );
      })}
    </Stack>
  );
}

/** Beside the editor: activation per vehicle type, the published versions and the history. */
export function SchemaSide({ schema }: { schema: ReportSchemaDetail }) {
  const history = useQuery(trpc.reportSchemas.history.queryOptions({ id: schema.id }));
  return (
    <Stack gap="5">
      <Box as="section" aria-labelledby="schema-activation">
        <Heading as="h2" size="sm" id="schema-activation" mb="2">
          فعال بودن برای هر نوع خودرو
        </Heading>
        <Activation schema={schema} />
      </Box>
      <Box as="section" aria-labelledby="schema-versions">
        <Heading as="h2" size="sm" id="schema-versions" mb="2">
          نسخه‌های منتشرشده
        </Heading>
        <List.Root gap="1" ps="4">
          {schema.versions.map((v) => (
            <List.Item key={v.version}>
              <Text textStyle="sm">{`نسخه ${toPersianDigits(v.version)}، ${toPersianDigits(v.fields)} فیلد، ${formatJalaliDateTime(v.created_at)}، ${v.created_by}${v.note ? ` (${toPersianDigits(v.note)})` : ''}`}</Text>
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <HistoryTimeline entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} emptyText="هنوز رویدادی ثبت نشده است." />
    </Stack>
  );
}
