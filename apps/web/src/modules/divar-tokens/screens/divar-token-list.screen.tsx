import { useState } from 'react';
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { LuLink } from 'react-icons/lu';
import { DIVAR_LINK_KINDS, DIVAR_LINK_KIND_LIST, DIVAR_TOKEN_MESSAGES, DivarTokenLookupInputSchema, divarTokenListFilter } from '@panel/contracts/divar-tokens';
import { LatinCode, SubmitButton, TextField, useContractForm } from '@panel/ui';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { DIVAR_TOKEN_COLUMNS } from '../components/divar-token-columns';
import { DivarTokenDrawer } from '../components/divar-token-drawer';
import { LinkDialog } from '../components/link-dialog';

const KIND_OPTIONS = DIVAR_LINK_KIND_LIST.map((kind) => ({ value: kind, label: DIVAR_LINK_KINDS[kind] }));
const LINKED_OPTIONS = [
  { value: true, label: 'متصل' },
  { value: false, label: 'بدون اتصال' },
];

const DIVAR_TOKENS = listScreen({
  title: 'توکن دیوار',
  filter: divarTokenListFilter,
  procedures: trpc.divarTokens,
  csv: { fileName: 'divar-tokens', noun: 'توکن' },
  columns: DIVAR_TOKEN_COLUMNS,
  columnsKey: 'panel.divarTokens.columns',
  fields: (f) => [
    f.search('search', 'جستجوی توکن', { placeholder: 'بخشی از توکن', width: '12rem' }),
    f.choice('kind', 'متصل به', KIND_OPTIONS, { width: '9rem' }),
    f.choice('linked', 'وضعیت اتصال', LINKED_OPTIONS, { width: '9rem' }),
    f.range(['createdFrom', 'createdTo'], ['ثبت از', 'ثبت تا'], 'day'),
  ],
  label: 'توکن‌های دیوار',
  rowKey: (t) => t.id,
  emptyText: DIVAR_TOKEN_MESSAGES.empty,
  errorText: 'فهرست توکن‌ها بارگذاری نشد.',
});

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
  const screen = useListScreen(DIVAR_TOKENS);
  const { detail } = screen;
  const [linking, setLinking] = useState<string | null>(null);
  return (
    <ListScreen
      screen={screen}
      onRowClick={detail.change}
      actions={
        <Button size="sm" onClick={() => setLinking('')}>
          <LuLink aria-hidden />
          اتصال توکن
        </Button>
      }
      above={<TokenLookup onFound={detail.show} onLink={setLinking} />}
    >
      <DivarTokenDrawer id={detail.id} onClose={detail.close} onLink={setLinking} />
      <LinkDialog
        token={linking}
        onClose={() => setLinking(null)}
        onLinked={(result) => {
          setLinking(null);
          detail.show(result.id);
        }}
      />
    </ListScreen>
  );
}
