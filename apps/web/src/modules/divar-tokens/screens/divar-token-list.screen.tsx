import { useMemo, useState } from 'react';
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { LuLink } from 'react-icons/lu';
import { MESSAGES } from '@panel/contracts/common';
import { DIVAR_LINK_KINDS, DIVAR_LINK_KIND_LIST, DIVAR_TOKEN_MESSAGES, DivarTokenLookupInputSchema, divarTokenListFilter, type DivarLinkKind } from '@panel/contracts/divar-tokens';
import {
  CommitInput,
  FilterField,
  JalaliDateField,
  LatinCode,
  ListPage,
  ListResults,
  SingleSelect,
  SubmitButton,
  TextField,
  tableColumns,
  useColumnChoice,
  useContractForm,
  type SelectOption,
} from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { ListTools } from '../../../lib/list-tools';
import { trpc } from '../../../lib/trpc';
import { DIVAR_TOKEN_COLUMNS } from '../components/divar-token-columns';
import { DivarTokenDrawer } from '../components/divar-token-drawer';
import { LinkDialog } from '../components/link-dialog';

const ALL = 'all';
const KIND_OPTIONS: SelectOption[] = [{ value: ALL, label: 'همه' }, ...DIVAR_LINK_KIND_LIST.map((kind) => ({ value: kind, label: DIVAR_LINK_KINDS[kind] }))];
const LINKED_OPTIONS: SelectOption[] = [
  { value: ALL, label: 'همه' },
  { value: 'true', label: 'متصل' },
  { value: 'false', label: 'بدون اتصال' },
];
const COLUMN_KEYS = DIVAR_TOKEN_COLUMNS.map((c) => c.key);

/** Look a token up by its text: open it when the panel knows it, offer to link it when it does not. */
function TokenLookup({ onFound, onLink }: { onFound: (id: number) => void; onLink: (token: string) => void }) {
  const queryClient = useQueryClient();
  const [unknown, setUnknown] = useState<string | null>(null);
  const form = useContractForm(DivarTokenLookupInputSchema, {
    defaultValues: { token: '' },
    onSubmit: async ({ token }) => {
      const found = await queryClient.fetchQuery(trpc.divarTokens.lookup.queryOptions({ token }));
      setUnknown(found ? null : token);
      if (found) onFound(found.id);
    },
  });
  return (
    <Box as="section" aria-label="جستجوی توکن" borderWidth="1px" borderRadius="md" p="3" mb="3" bg="bg.subtle">
      <form onSubmit={form.submit} noValidate aria-label="جستجوی توکن دیوار">
        <HStack gap="3" align="end" wrap="wrap">
          <Box width="16rem">
            <TextField control={form.control} name="token" label="توکن دیوار" dir="ltr" latinDigits autoComplete="off" data-ltr="" />
          </Box>
          <SubmitButton control={form.control} variant="outline">
            جستجوی توکن
          </SubmitButton>
          {unknown && (
            <HStack gap="2" role="status">
              <Text>
                توکن <LatinCode value={unknown} /> هنوز به چیزی متصل نشده است.
              </Text>
              <Button size="sm" onClick={() => onLink(unknown)}>
                اتصال این توکن
              </Button>
            </HStack>
          )}
        </HStack>
      </form>
    </Box>
  );
}

/** Divar post tokens (issue 16): look up, see what a token links to, link and unlink. */
export function DivarTokenListScreen() {
  const queryClient = useQueryClient();
  const { filter, dropped, update, reset } = useAddressFilter(divarTokenListFilter);
  const [visible, setVisible] = useColumnChoice('panel.divarTokens.columns', COLUMN_KEYS);
  const [openId, setOpenId] = useState<number | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const list = useQuery({ ...trpc.divarTokens.list.queryOptions(filter), placeholderData: keepPreviousData });
  const columns = useMemo(() => tableColumns(DIVAR_TOKEN_COLUMNS, visible), [visible]);

  return (
    <ListPage
      title="توکن دیوار"
      dropped={dropped}
      onReset={reset}
      filters={
        <>
          <FilterField label="جستجوی توکن">
            <CommitInput label="جستجوی توکن" placeholder="بخشی از توکن" value={filter.search ?? ''} onCommit={(search) => update({ search })} width="12rem" />
          </FilterField>
          <FilterField label="متصل به">
            <SingleSelect label="متصل به" options={KIND_OPTIONS} value={filter.kind ?? ALL} onChange={(v) => update({ kind: v === ALL ? undefined : (v as DivarLinkKind) })} width="9rem" />
          </FilterField>
          <FilterField label="وضعیت اتصال">
            <SingleSelect
              label="وضعیت اتصال"
              options={LINKED_OPTIONS}
              value={filter.linked === undefined ? ALL : String(filter.linked)}
              onChange={(v) => update({ linked: v === ALL ? undefined : v === 'true' })}
              width="9rem"
            />
          </FilterField>
          <FilterField label="ثبت از">
            <JalaliDateField label="ثبت از" value={filter.createdFrom} onChange={(createdFrom) => update({ createdFrom })} />
          </FilterField>
          <FilterField label="ثبت تا">
            <JalaliDateField label="ثبت تا" value={filter.createdTo} onChange={(createdTo) => update({ createdTo })} />
          </FilterField>
        </>
      }
      actions={
        <>
          <Button size="sm" onClick={() => setLinking('')}>
            <LuLink aria-hidden />
            اتصال توکن
          </Button>
          <ListTools
            columns={DIVAR_TOKEN_COLUMNS}
            visible={visible}
            onVisibleChange={setVisible}
            load={() => queryClient.fetchQuery(trpc.divarTokens.export.queryOptions({ ...filter, page: 1 }))}
            fileName="divar-tokens"
            noun="توکن"
            count={list.data?.count}
          />
        </>
      }
    >
      <TokenLookup onFound={setOpenId} onLink={setLinking} />
      {list.isError && (
        <Text role="alert" color="fg.error" mb="2">
          فهرست توکن‌ها بارگذاری نشد.
        </Text>
      )}
      <ListResults
        label="توکن‌های دیوار"
        columns={columns}
        answer={list.data}
        rowKey={(t) => String(t.id)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={DIVAR_TOKEN_MESSAGES.empty}
        onRowClick={(t) => setOpenId(t.id)}
        paging={filter}
        onPageChange={(page) => update({ page })}
      />
      <DivarTokenDrawer id={openId} onClose={() => setOpenId(null)} onLink={setLinking} />
      <LinkDialog
        token={linking}
        onClose={() => setLinking(null)}
        onLinked={(result) => {
          setLinking(null);
          setOpenId(result.id);
        }}
      />
    </ListPage>
  );
}
