import { useState } from 'react';
import { Button, Dialog, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatNumber } from '@panel/contracts/common';
import { CAMPAIGN_INLINE_MAX, CreateCampaignInputSchema, type Campaign } from '@panel/contracts/discounts';
import { DialogActions, DialogForm, PanelDialog, SubmitButton, TextField, downloadCsv, notify, toCsv, useContractForm } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { DiscountRulesFields, blankRules } from './discount-rules-fields';

/** Every code of a campaign as a CSV file of one column. */
export function useCampaignCsv() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = async (campaign: Pick<Campaign, 'id' | 'prefix'>) => {
    setBusy(true);
    try {
      const codes = await queryClient.fetchQuery(trpc.discounts.campaignCodes.queryOptions({ id: campaign.id }, { staleTime: 0 }));
      downloadCsv(`discount-campaign-${campaign.prefix}-${campaign.id}`, toCsv(codes, [{ header: 'کد تخفیف', value: (code: string) => code }]));
      notify(`${formatNumber(codes.length)} کد در فایل CSV ذخیره شد.`, 'success');
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}

/** A campaign's making followed until its last code: the job's done/total, polled while it runs. */
function Progressing({ started, onClose, onShow }: { started: Campaign; onClose: () => void; onShow: (id: number) => void }) {
  const job = useQuery({
    ...trpc.discounts.campaign.queryOptions({ id: started.id }),
    initialData: started,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1000 : false),
  });
  const campaign = job.data ?? started;
  const csv = useCampaignCsv();
  const done = campaign.state === 'done';
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{`کمپین «${campaign.name}»`}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Progress.Root value={(100 * campaign.done) / campaign.total} colorPalette="green" aria-label="پیشرفت ساخت کدها">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text role="status">
            {done ? `هر ${formatNumber(campaign.total)} کد یکتا ساخته شد.` : `${formatNumber(campaign.done)} از ${formatNumber(campaign.total)} کد ساخته شده است؛ ساخت در پس‌زمینه ادامه دارد.`}
          </Text>
          <Text color="fg.muted" textStyle="sm">
            {`کدها با پیشوند ${campaign.prefix} و ۸ نویسه تصادفی از حروف و رقم‌های غیرمشابه ساخته می‌شوند.`}
          </Text>
        </Stack>
      </Dialog.Body>
      <DialogActions onCancel={onClose} cancelLabel="بستن">
        <Button variant="outline" onClick={() => onShow(campaign.id)}>
          نمایش کدها در فهرست
        </Button>
        <Button colorPalette="green" disabled={!done} loading={csv.busy} onClick={() => void csv.download(campaign)}>
          دریافت CSV کدها
        </Button>
      </DialogActions>
    </>
  );
}

function CampaignForm({ onStarted, onClose }: { onStarted: (campaign: Campaign) => void; onClose: () => void }) {
  const queryClient = useQueryClient();
  const create = useMutation(
    trpc.discounts.createCampaign.mutationOptions({
      onSuccess: ({ message, ...campaign }) => {
        notify(message, 'success');
        void queryClient.invalidateQueries();
        onStarted(campaign);
      },
    }),
  );
  const form = useContractForm(CreateCampaignInputSchema, {
    defaultValues: { name: '', prefix: '', count: '', ...blankRules('۱') } as never,
    onSubmit: async (values) => {
      await create.mutateAsync(values);
    },
  });
  return (
    <DialogForm title="کمپین کدهای یکتا" onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control}>ساخت کدها</SubmitButton>}>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <TextField control={form.control} name="name" label="نام کمپین" required autoComplete="off" placeholder="جشنواره پاییز" />
        <TextField control={form.control} name="prefix" label="پیشوند کدها" required dir="ltr" latinDigits autoComplete="off" placeholder="PAYIZ" />
        <TextField control={form.control} name="count" label="تعداد کدها" required inputMode="numeric" autoComplete="off" helperText={`تا ${formatNumber(CAMPAIGN_INLINE_MAX)} کد بی‌درنگ، بیشتر در پس‌زمینه`} />
      </SimpleGrid>
      <DiscountRulesFields control={form.control} kind={String(form.watch('kind') ?? 'percent')} />
    </DialogForm>
  );
}

/** N unique codes with the same rules; a large campaign is made in the background and its progress followed here. */
export function CampaignDialog({ open, onClose, onShow }: { open: boolean; onClose: () => void; onShow: (id: number) => void }) {
  const [started, setStarted] = useState<Campaign | null>(null);
  const close = () => {
    setStarted(null);
    onClose();
  };
  return (
    <PanelDialog open={open} onClose={close} size="lg">
      {open && (started ? <Progressing started={started} onClose={close} onShow={(id) => { close(); onShow(id); }} /> : <CampaignForm onStarted={setStarted} onClose={close} />)}
    </PanelDialog>
  );
}
