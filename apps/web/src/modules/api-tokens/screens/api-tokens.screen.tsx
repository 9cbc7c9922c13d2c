import { useState } from 'react';
import { Badge, Box, Button, Checkbox, Code, Fieldset, Flex, Heading, HStack, Input, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LuCopy, LuKeyRound, LuPlus } from 'react-icons/lu';
import { API_TOKENS_ACCESS, API_TOKEN_EXPIRY_CHOICES, CreateApiTokenInputSchema, apiTokenState, type ApiToken, type CreatedApiToken } from '@panel/contracts/api-tokens';
import { ROLES, ROLE_LABELS, allows, formatJalaliDateTime, toPersianDigits, type Role } from '@panel/contracts/common';
import { ConfirmDialog, ContractForm, PanelDialog, DataTable, SelectField, SubmitButton, TextField, notify, useContractForm, type DataColumn } from '@panel/ui';
import { sessionQueryOptions } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';

const STATE_LABELS = { active: 'فعال', expired: 'منقضی', revoked: 'باطل‌شده' } as const;
const STATE_COLORS = { active: 'green', expired: 'orange', revoked: 'red' } as const;
const REFERENCE_PATH = '/api/reference';

/** The theme's solid green carries white text below 4.5:1; a shade darker reads at AA. */

const roleLabel = (role: string) => ROLE_LABELS[role as Role] ?? role;

/** The form of a new token: name, roles (only the creator's own), lifetime. */
function CreateTokenForm({ roles, onCreated }: { roles: Role[]; onCreated: (token: CreatedApiToken) => void }) {
  const queryClient = useQueryClient();
  const create = useMutation(trpc.apiTokens.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries() }));
  const form = useContractForm(CreateApiTokenInputSchema, {
    defaultValues: { name: '', roles: roles.includes(ROLES.staff) ? [ROLES.staff] : [], expiresInDays: 90 },
    onSubmit: async (values) => onCreated(await create.mutateAsync(values)),
  });
  const chosenRoles: Role[] = form.watch('roles') ?? [];
  return (
    <ContractForm form={form} label="ساخت توکن API">
      <Stack gap="4">
        <TextField control={form.control} name="name" label="نام توکن" required />
        <Text textStyle="sm">کارهای توکن در سوابق به نام «token:نام توکن» ثبت می‌شود؛ مثلا crm-sync.</Text>
        {/* A fieldset of its own: a Field would give every checkbox of the group one input id. */}
        <Fieldset.Root invalid={form.formState.errors.roles !== undefined}>
          <Fieldset.Legend>نقش‌ها (فقط از نقش‌های خودتان)</Fieldset.Legend>
          <Wrap gap="3">
            {roles.map((role) => (
              <Checkbox.Root
                key={role}
                checked={chosenRoles.includes(role)}
                onCheckedChange={(e) =>
                  form.setValue('roles', e.checked === true ? [...chosenRoles, role] : chosenRoles.filter((r) => r !== role), {
                    shouldValidate: form.formState.isSubmitted,
                  })
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{roleLabel(role)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Wrap>
          {form.formState.errors.roles && <Fieldset.ErrorText>{String(form.formState.errors.roles.message ?? '')}</Fieldset.ErrorText>}
        </Fieldset.Root>
        <SelectField
          control={form.control}
          name="expiresInDays"
          label="مدت اعتبار"
          required
          options={API_TOKEN_EXPIRY_CHOICES.map((days) => ({ value: String(days), label: `${toPersianDigits(days)} روز` }))}
        />
        <SubmitButton control={form.control} alignSelf="start">
          ساخت توکن
        </SubmitButton>
      </Stack>
    </ContractForm>
  );
}

/** The one time the token is shown: copy it now, it is never shown again. */
function CreatedToken({ token }: { token: CreatedApiToken }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      notify('توکن کپی شد.', 'success');
    } catch {
      notify('کپی نشد؛ توکن را از کادر بردارید.', 'warning');
    }
  };
  return (
    <Stack gap="3">
      <Text>
        توکن{' '}
        <b data-ltr="" dir="ltr">
          {token.name}
        </b>{' '}
        ساخته شد. آن را همین حالا بردارید: <b>این توکن فقط همین یک بار نشان داده می‌شود</b> و پنل فقط نشانی از آن نگه می‌دارد.
      </Text>
      <HStack>
        <Input readOnly value={token.token} dir="ltr" data-ltr="" fontFamily="mono" aria-label="توکن ساخته‌شده" onFocus={(e) => e.currentTarget.select()} />
        <Button onClick={() => void copy()} variant="outline">
          <LuCopy aria-hidden /> کپی
        </Button>
      </HStack>
      <Text textStyle="sm" color="fg.muted">
        با سرآیند <Code dir="ltr">Authorization: Bearer …</Code> بفرستید؛ اعتبار تا {formatJalaliDateTime(token.expires_at)}.
      </Text>
    </Stack>
  );
}

function CreateTokenDialog({ open, onClose, roles }: { open: boolean; onClose: () => void; roles: Role[] }) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <PanelDialog
      open={open}
      onClose={close}
      size="md"
      title={created ? 'توکن ساخته شد' : 'ساخت توکن API'}
      footer={created && <Button onClick={close}>برداشتم، ببند</Button>}
    >
      {created ? <CreatedToken token={created} /> : <CreateTokenForm roles={roles} onCreated={setCreated} />}
    </PanelDialog>
  );
}

/** API tokens for machines (issue 18): staff create, list and revoke them; each is shown once. */
export function ApiTokensScreen() {
  const roles = useQuery(sessionQueryOptions()).data?.roles ?? [];
  const isStaff = allows(API_TOKENS_ACCESS.manage, roles);
  const queryClient = useQueryClient();
  const list = useQuery({ ...trpc.apiTokens.list.queryOptions(), enabled: isStaff });
  const revoke = useMutation(
    trpc.apiTokens.revoke.mutationOptions({
      onSuccess: (token) => {
        notify(`توکن ${token.name} باطل شد.`, 'success');
        return queryClient.invalidateQueries();
      },
    }),
  );
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const ownRoles = Object.values(ROLES).filter((role) => roles.includes(role));

  const columns: DataColumn<ApiToken>[] = [
    // Names and prefixes are identifiers copied into other systems: kept as typed (Latin digits too).
    {
      key: 'name',
      header: 'نام',
      cell: (t) => (
        <Text fontWeight="medium" data-ltr="" dir="ltr" as="span">
          {t.name}
        </Text>
      ),
    },
    {
      key: 'prefix',
      header: 'آغاز توکن',
      cell: (t) => (
        <Code dir="ltr" data-ltr="">
          {t.prefix}…
        </Code>
      ),
    },
    {
      key: 'roles',
      header: 'نقش‌ها',
      cell: (t) => (
        <Wrap gap="1">
          {t.roles.map((role) => (
            <Badge key={role} variant="subtle">
              {roleLabel(role)}
            </Badge>
          ))}
        </Wrap>
      ),
    },
    {
      key: 'created_by',
      header: 'سازنده',
      cell: (t) => (
        <Text as="span" data-ltr="" dir="ltr">
          {t.created_by}
        </Text>
      ),
    },
    { key: 'created_at', header: 'ساخته‌شده', cell: (t) => formatJalaliDateTime(t.created_at) },
    { key: 'expires_at', header: 'انقضا', cell: (t) => formatJalaliDateTime(t.expires_at) },
    { key: 'last_used_at', header: 'آخرین استفاده', cell: (t) => (t.last_used_at ? formatJalaliDateTime(t.last_used_at) : 'هنوز استفاده نشده') },
    {
      key: 'state',
      header: 'وضعیت',
      cell: (t) => {
        const state = apiTokenState(t);
        return <Badge colorPalette={STATE_COLORS[state]}>{STATE_LABELS[state]}</Badge>;
      },
    },
    {
      key: 'actions',
      header: 'عملیات',
      cell: (t) =>
        apiTokenState(t) === 'active' ? (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRevoking(t)} aria-label={`ابطال ${t.name}`}>
            ابطال
          </Button>
        ) : null,
    },
  ];

  if (!isStaff) {
    return (
      <Box p="6">
        <Text>شما به این بخش دسترسی ندارید.</Text>
      </Box>
    );
  }

  return (
    <Stack gap="4" p="6">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Stack gap="1">
          <Heading as="h1" size="lg" display="flex" alignItems="center" gap="2">
            <LuKeyRound aria-hidden /> توکن‌های API
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            سامانه‌ها و اسکریپت‌های یکپارچه‌سازان با این توکن‌ها رابط برنامه‌نویسی پنل را صدا می‌زنند. راهنما:{' '}
            <Link href={REFERENCE_PATH} target="_blank" rel="noopener" colorPalette="blue" textDecoration="underline">
              مرجع رابط برنامه‌نویسی
            </Link>
          </Text>
        </Stack>
        <Button onClick={() => setCreating(true)}>
          <LuPlus aria-hidden /> ساخت توکن
        </Button>
      </Flex>
      <DataTable
        label="توکن‌های API"
        columns={columns}
        rows={list.data?.results ?? []}
        rowKey={(t) => String(t.id)}
        loading={list.isPending}
        loadingText="در حال بارگذاری توکن‌ها..."
        emptyText="هنوز توکنی ساخته نشده است."
      />
      {list.data && <Text textStyle="sm" color="fg.muted">{`${toPersianDigits(list.data.count)} توکن`}</Text>}
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} roles={ownRoles} />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="ابطال توکن"
        message={
          revoking ? (
            <>
              توکن{' '}
              <b data-ltr="" dir="ltr">
                {revoking.name}
              </b>{' '}
              باطل شود؟ درخواست بعدی آن و جریان‌های باز آن همان دم رد می‌شوند و این کار برگشت ندارد.
            </>
          ) : (
            ''
          )
        }
        confirmLabel="ابطال"
        destructive
        onConfirm={() => revoke.mutateAsync({ id: revoking!.id })}
      />
    </Stack>
  );
}
