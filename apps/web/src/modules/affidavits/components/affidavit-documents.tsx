import { Code, List, Table, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatJalaliDateTime, formatNumber, toPersianDigits } from '@panel/contracts/common';
import { AFFIDAVIT_CHECKLIST, AFFIDAVIT_DOCUMENT_KINDS, AFFIDAVIT_LINK_KINDS, type AffidavitDetail } from '@panel/contracts/affidavits';
import { DetailSection, DocumentUpload, MediaLink } from '../../../lib/documents';
import { trpc } from '../../../lib/trpc';

/** The checklist for closing the file, the documents (each with its SHA-256) and an upload of a named kind. */
export function AffidavitDocuments({ affidavit, canAct }: { affidavit: AffidavitDetail; canAct: boolean }) {
  const { id, documents } = affidavit;
  const queryClient = useQueryClient();
  const attach = useMutation(trpc.affidavits.attachDocument.mutationOptions());
  const held = new Set(documents.map((d) => d.kind));
  return (
    <DetailSection title="مدارک">
      <List.Root variant="plain" gap="1" mb="3" aria-label="چک‌لیست مدارک">
        {AFFIDAVIT_CHECKLIST.map((k) => (
          <List.Item key={k}>
            <Text textStyle="sm" color={held.has(k) ? 'green.700' : 'fg.muted'}>
              {held.has(k) ? `✓ ${AFFIDAVIT_DOCUMENT_KINDS[k]} بارگذاری شده است` : `○ ${AFFIDAVIT_DOCUMENT_KINDS[k]} هنوز بارگذاری نشده است`}
            </Text>
          </List.Item>
        ))}
      </List.Root>
      {documents.length === 0 && <Text color="fg.muted">هنوز مدرکی بارگذاری نشده است.</Text>}
      {documents.length > 0 && (
        <Table.ScrollArea mb="3">
          <Table.Root size="sm" aria-label="مدارک قولنامه">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>نوع</Table.ColumnHeader>
                <Table.ColumnHeader>فایل</Table.ColumnHeader>
                <Table.ColumnHeader>
                  {'چکیده '}
                  {/* The algorithm's name, as written. */}
                  <span data-ltr="" dir="ltr">
                    SHA-256
                  </span>
                </Table.ColumnHeader>
                <Table.ColumnHeader>بارگذاری</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {documents.map((d) => (
                <Table.Row key={d.id}>
                  <Table.Cell>{AFFIDAVIT_DOCUMENT_KINDS[d.kind]}</Table.Cell>
                  <Table.Cell>
                    <MediaLink mediaId={d.media_id} name={d.name} />
                    <Text textStyle="xs" color="fg.muted">{`${formatNumber(Math.ceil(d.size / 1024))} کیلوبایت`}</Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Code dir="ltr" data-ltr="" title={d.sha256} aria-label={`چکیده ${d.sha256}`}>
                      {`${d.sha256.slice(0, 12)}…${d.sha256.slice(-6)}`}
                    </Code>
                  </Table.Cell>
                  <Table.Cell whiteSpace="normal">
                    {d.created_by}، {formatJalaliDateTime(d.created_at)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {canAct && affidavit.state !== 'canceled' && (
        <DocumentUpload
          kinds={AFFIDAVIT_DOCUMENT_KINDS}
          attach={(input) => attach.mutateAsync({ id, ...input })}
          onAttached={() =>
            Promise.all([
              queryClient.invalidateQueries({ queryKey: trpc.affidavits.detail.queryKey({ id }) }),
              queryClient.invalidateQueries({ queryKey: trpc.affidavits.history.queryKey({ id }) }),
            ])
          }
        />
      )}
    </DetailSection>
  );
}

/** The payment and download links sent (each recorded once, its SMS in the outbox). */
export function AffidavitLinks({ affidavit }: { affidavit: AffidavitDetail }) {
  return (
    <DetailSection title="لینک‌های ارسال‌شده">
      {affidavit.links.length === 0 ? (
        <Text color="fg.muted">هنوز لینکی ارسال نشده است.</Text>
      ) : (
        <List.Root variant="plain" gap="2" aria-label="لینک‌های ارسال‌شده">
          {affidavit.links.map((l) => (
            <List.Item key={l.id}>
              <Text textStyle="sm">
                {`${AFFIDAVIT_LINK_KINDS[l.kind]} به ${toPersianDigits(l.target)}${l.amount === null ? '' : ` — ${formatNumber(l.amount)} تومان`} — ${l.created_by}، ${formatJalaliDateTime(l.created_at)}`}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      )}
    </DetailSection>
  );
}
