import { Grid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { toPersianDigits } from '@panel/contracts/common';
import { DetailPage, TitledPage } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { SchemaForm } from '../components/schema-form';
import { PresenceNotice, SchemaSide, usePresence } from '../components/schema-side';

/** /panel/inspection/schema/add (issue 32): a new schema, its first version. */
export function SchemaAddScreen() {
  return (
    <TitledPage title="افزودن اسکیما" maxW="80rem">
      <SchemaForm />
    </TitledPage>
  );
}

function Editing({ id }: { id: number }) {
  const navigate = useNavigate();
  const detail = useQuery(trpc.reportSchemas.detail.queryOptions({ id }));
  const others = usePresence(id);
  const schema = detail.data;
  return (
    <DetailPage
      back={{ label: 'بازگشت به فهرست اسکیماها', onClick: () => navigate('/panel/inspection/schema') }}
      status={detail.isPending ? 'loading' : schema ? 'ready' : 'missing'}
      loadingText="در حال بارگذاری اسکیما…"
      missingText="اسکیما یافت نشد."
      title={schema && `${schema.name} (نسخه ${toPersianDigits(schema.version)})`}
    >
      {schema && (
        <Stack gap="4">
          <PresenceNotice others={others} />
          <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 22rem' }} gap="6" alignItems="start">
            {/* Keyed by version: after a save the form starts again from what was published. */}
            <SchemaForm key={schema.version} schema={schema} />
            <SchemaSide schema={schema} />
          </Grid>
        </Stack>
      )}
    </DetailPage>
  );
}

/** /panel/inspection/schema/:id: the editor over the latest version, who else is editing, activation, versions and history. */
export function SchemaEditScreen() {
  const id = Number(useParams().id);
  return <Editing key={id} id={id} />;
}
