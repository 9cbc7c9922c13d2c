import { Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { MESSAGES, toPersianDigits } from '@panel/contracts/common';
import { AFFIDAVIT_WORKFLOW, AffidavitIdInputSchema } from '@panel/contracts/affidavits';
import { TitledPage, notify } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { AffidavitForm, formValuesOf } from '../components/affidavit-form';

/** /panel/affidavit/:id/edit: the add form with the affidavit's fields; saving returns it to draft (its fee is computed again). */
export function AffidavitEditScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const parsed = AffidavitIdInputSchema.safeParse({ id });
  const affidavitId = parsed.success ? parsed.data.id : 0;
  const detail = useQuery({ ...trpc.affidavits.detail.queryOptions({ id: affidavitId }), enabled: parsed.success });
  const update = useMutation(
    trpc.affidavits.update.mutationOptions({
      onSuccess: (outcome) => {
        notify(outcome.message, 'success');
        navigate(`/panel/affidavit/${outcome.id}`);
      },
    }),
  );
  const a = detail.data;
  return (
    <TitledPage title={a ? `ویرایش قولنامه ${toPersianDigits(a.id)}` : 'ویرایش قولنامه'} maxW="64rem">
      {!parsed.success || detail.isError ? (
        <Text>قولنامه یافت نشد.</Text>
      ) : !a ? (
        <Text color="fg.muted">{MESSAGES.loading}</Text>
      ) : !AFFIDAVIT_WORKFLOW.can('update', a.state) ? (
        <Text>{AFFIDAVIT_WORKFLOW.refusal('update', a.state, toPersianDigits(a.id))}</Text>
      ) : (
        <AffidavitForm initial={formValuesOf(a)} label="ویرایش قولنامه" submitLabel="ذخیره تغییرات" onSubmit={(fields) => update.mutateAsync({ id: a.id, version: a.version, fields })} />
      )}
    </TitledPage>
  );
}
