import { useEffect } from 'react';
import { Box, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CAR_DETAIL_MESSAGES, CAR_QUERY_KINDS, CAR_QUERY_KIND_LIST, CarLookupInputSchema, type CarQueryKindOrAuto } from '@panel/contracts/car-detail';
import { ContractForm, MessageText, SelectField, SubmitButton, TextField, useContractForm } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { CarHistoryView } from '../components/car-history';

const KIND_OPTIONS = CAR_QUERY_KIND_LIST.map((kind) => ({ value: kind, label: CAR_QUERY_KINDS[kind] }));
const TITLE = 'جزئیات خودرو';

/** The query in the address (a shared link): `q` and, when chosen, `kind`; an unknown kind reads as automatic. */
function useAddressQuery() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const kindParam = params.get('kind') ?? 'auto';
  const kind: CarQueryKindOrAuto = (CAR_QUERY_KIND_LIST as string[]).includes(kindParam) ? (kindParam as CarQueryKindOrAuto) : 'auto';
  const set = (next: { q: string; kind: CarQueryKindOrAuto }) => setParams(next.kind === 'auto' ? { q: next.q } : { q: next.q, kind: next.kind });
  return { q, kind, set };
}

/**
 * جزئیات خودرو (/panel/car-detail, decision 120): one field for a plate, a post or sale token or a
 * VIN; the query lives in the address; the car's identity as its records state it, what each part
 * of the company knows (and plainly what it does not), and one time line, newest first.
 */
export function CarDetailListScreen() {
  const address = useAddressQuery();
  const parsed = CarLookupInputSchema.safeParse({ q: address.q, kind: address.kind });
  const lookup = useQuery({ ...trpc.carDetail.lookup.queryOptions(parsed.data ?? { q: '' }), enabled: parsed.success });
  const form = useContractForm(CarLookupInputSchema, {
    defaultValues: { q: address.q, kind: address.kind },
    onSubmit: (values) => address.set({ q: values.q, kind: values.kind }),
  });
  // A link with a malformed query shows the field's message, as a typed one does.
  const { reset, trigger } = form;
  useEffect(() => {
    reset({ q: address.q, kind: address.kind });
    if (address.q !== '') void trigger();
  }, [address.q, address.kind, reset, trigger]);

  const history = lookup.data;
  return (
    <Box p="6" maxW="80rem">
      <Heading as="h1" size="xl" mb="2">
        {TITLE}
      </Heading>
      <Text color="fg.muted" mb="4">
        {CAR_DETAIL_MESSAGES.prompt}
      </Text>
      <ContractForm form={form} label="جست‌وجوی خودرو">
        <HStack align="flex-start" gap="3" wrap="wrap" mb="5">
          {/* What is typed stays as typed (a token or VIN is copied as it is, a plate may be in Persian digits): deliberately not made Persian. */}
          <Box flex="1 1 20rem" maxW="30rem">
            <TextField control={form.control} name="q" label="کد پلاک، توکن یا شماره شاسی" placeholder="۱۲ ب ۳۴۵ ایران ۶۷" autoComplete="off" dir="auto" data-ltr="" />
          </Box>
          <Box w="13rem">
            <SelectField control={form.control} name="kind" label="نوع جست‌وجو" options={KIND_OPTIONS} />
          </Box>
          <Box pt="7">
            <SubmitButton control={form.control} colorPalette="green">
              جست‌وجو
            </SubmitButton>
          </Box>
        </HStack>
      </ContractForm>
      {!parsed.success ? null : lookup.isPending ? (
        <Stack align="center" py="10" role="status">
          <Spinner />
          <Text>در حال خواندن سوابق خودرو…</Text>
        </Stack>
      ) : lookup.isError || !history ? (
        <Text role="alert">{CAR_DETAIL_MESSAGES.loadFailed}</Text>
      ) : !history.found ? (
        <Box role="status" borderWidth="1px" borderRadius="md" p="4" bg="bg.muted">
          <Text fontWeight="medium" mb="1">
            <MessageText text={`${CAR_QUERY_KINDS[history.query.kind]} ${history.query.display}`} />
          </Text>
          <Text>{history.query.kind === 'vin' ? CAR_DETAIL_MESSAGES.noVin : CAR_DETAIL_MESSAGES.nothing}</Text>
        </Box>
      ) : (
        <Stack gap="4">
          <Heading as="h2" size="lg">
            <MessageText text={`${CAR_QUERY_KINDS[history.query.kind]} ${history.query.display}`} />
          </Heading>
          <CarHistoryView history={history} />
        </Stack>
      )}
    </Box>
  );
}
