import { useState } from 'react';
import { Button, HStack, List, Stack, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toPersianDigits } from '@panel/contracts/common';
import { CONFLICT_LABELS, type Customisation, type Resolution } from '@panel/contracts/report-schemas';
import { PanelDialog, notify } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

const CHANGE_LABELS = { added: 'افزوده در اسکیمای اصلی', removed: 'حذف از اسکیمای اصلی', changed: 'تغییر در اسکیمای اصلی', hide_dropped: 'حذف از اسکیمای اصلی (پنهان‌سازی شما دیگر لازم نیست)' } as const;

/**
 * "Sync with master" (decision 110): what the master's later version changes, applied as is, and
 * each conflict with the two ways out; nothing is applied until every conflict has a choice.
 */
export function SyncDialog({ custom, onClose }: { custom: Customisation; onClose: () => void }) {
  const key = { id: custom.schema_id, model_id: custom.model_id };
  const plan = useQuery(trpc.reportSchemas.syncPlan.queryOptions(key));
  const [choices, setChoices] = useState<Record<string, Resolution>>({});
  const sync = useMutation(trpc.reportSchemas.sync.mutationOptions({ onSuccess: (o) => { notify(o.message, 'success'); onClose(); } }));
  const data = plan.data;
  const open = data ? data.conflicts.filter((c) => !choices[c.key]) : [];
  const apply = () => data && sync.mutate({ ...key, row_version: custom.row_version, to_version: data.to_version, resolutions: choices });
  return (
    <PanelDialog
      open
      onClose={onClose}
      size="lg"
      title={data ? `هم‌گامی با نسخه ${toPersianDigits(data.to_version)} اسکیمای اصلی` : 'هم‌گامی با اسکیمای اصلی'}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            انصراف
          </Button>
          <Button colorPalette="green" onClick={apply} loading={sync.isPending} disabled={!data || open.length > 0}>
            اعمال هم‌گامی
          </Button>
        </>
      }
    >
      {!data ? (
        <Text>{plan.isError ? 'پیش‌نمایش هم‌گامی بارگذاری نشد.' : 'در حال سنجیدن تغییرها…'}</Text>
      ) : (
        <Stack gap="4">
          <Text>{`سفارشی‌سازی روی نسخه ${toPersianDigits(data.from_version)} است. پیش از اعمال، تغییرها و تعارض‌ها را ببینید.`}</Text>
          <Stack gap="1">
            <Text fontWeight="bold">{`تغییرهایی که خودکار اعمال می‌شوند (${toPersianDigits(data.changes.length)})`}</Text>
            {data.changes.length === 0 ? (
              <Text color="fg.muted">هیچ</Text>
            ) : (
              <List.Root ps="4">
                {data.changes.map((c) => (
                  <List.Item key={c.key}>{`«${c.label}»: ${CHANGE_LABELS[c.change]}`}</List.Item>
                ))}
              </List.Root>
            )}
          </Stack>
          <Stack gap="3">
            <Text fontWeight="bold">{`تعارض‌ها (${toPersianDigits(data.conflicts.length)})`}</Text>
            {data.conflicts.length === 0 && <Text color="fg.muted">تعارضی نیست.</Text>}
            {data.conflicts.map((c) => (
              <chakra.fieldset key={c.key} borderWidth="1px" borderRadius="md" p="3">
                <chakra.legend px="1" fontWeight="medium">{`«${c.label}»`}</chakra.legend>
                <Text textStyle="sm" mb="2">
                  {CONFLICT_LABELS[c.kind].what}
                </Text>
                <HStack gap="5" wrap="wrap">
                  {(['ours', 'theirs'] as const).map((side) => (
                    <chakra.label key={side} display="inline-flex" gap="1.5" alignItems="center" textStyle="sm">
                      <input type="radio" name={`conflict-${c.key}`} checked={choices[c.key] === side} onChange={() => setChoices((x) => ({ ...x, [c.key]: side }))} />
                      {CONFLICT_LABELS[c.kind][side]}
                    </chakra.label>
                  ))}
                </HStack>
              </chakra.fieldset>
            ))}
            {open.length > 0 && (
              <Text textStyle="sm" color="fg.warning" role="status">
                {`برای ${toPersianDigits(open.length)} تعارض هنوز راهی انتخاب نشده است.`}
              </Text>
            )}
          </Stack>
        </Stack>
      )}
    </PanelDialog>
  );
}
