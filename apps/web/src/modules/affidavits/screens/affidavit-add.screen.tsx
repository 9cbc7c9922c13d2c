import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TitledPage, notify } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { AffidavitForm } from '../components/affidavit-form';

/** /panel/affidavit/add (issue 31): buyer, seller, car, price (its fee shown as it is typed), a linked concierge sale if any. */
export function AffidavitAddScreen() {
  const navigate = useNavigate();
  const add = useMutation(
    trpc.affidavits.add.mutationOptions({
      onSuccess: (created) => {
        notify(created.message, 'success');
        navigate(`/panel/affidavit/${created.id}`);
      },
    }),
  );
  return (
    <TitledPage title="ثبت قولنامه" maxW="64rem">
      <AffidavitForm label="ثبت قولنامه" submitLabel="ثبت قولنامه" onSubmit={(values) => add.mutateAsync(values)} />
    </TitledPage>
  );
}
