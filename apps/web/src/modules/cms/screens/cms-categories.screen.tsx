import { useState } from 'react';
import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MESSAGES, toPersianDigits } from '@panel/contracts/common';
import { CMS_ACCESS, CMS_MESSAGES, type CmsCategory } from '@panel/contracts/cms';
import { ConfirmDialog, notify } from '@panel/ui';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { CategoryDialog, type CategoryDialogTarget } from '../components/category-dialogs';
import { CategoryHistoryDrawer } from '../components/category-history';
import { categoryLabels, type CategoryLine } from '../components/category-tree';

interface RowProps {
  line: CategoryLine;
  canWrite: boolean;
  onDialog: (t: CategoryDialogTarget) => void;
  onRemove: (c: CmsCategory) => void;
  onHistory: (c: CmsCategory) => void;
}

function CategoryRow({ line, canWrite, onDialog, onRemove, onHistory }: RowProps) {
  const move = useMutation(trpc.cms.moveCategory.mutationOptions({ onSuccess: (outcome) => notify(outcome.message, 'success') }));
  const moveTo = (direction: 'up' | 'down') => move.mutate({ id: line.id, version: line.version, direction });
  return (
    <HStack as="li" aria-level={line.depth + 1} justify="space-between" gap="3" py="2" ps={`${1 + line.depth * 2}rem`} pe="3" borderBottomWidth="1px" wrap="wrap">
      <Stack gap="0">
        <Text fontWeight={line.depth === 0 ? 'bold' : 'medium'}>{line.name}</Text>
        <Text textStyle="xs" color="fg.muted">
          {`${toPersianDigits(line.content_count)} محتوا`}
        </Text>
      </Stack>
      <HStack gap="1" wrap="wrap">
        <Button size="xs" variant="ghost" onClick={() => onHistory(line)} aria-label={`سابقه «${line.name}»`}>
          سابقه
        </Button>
        {canWrite && (
          <>
            <Button size="xs" variant="ghost" disabled={line.first || move.isPending} onClick={() => moveTo('up')} aria-label={`بالا بردن «${line.name}»`}>
              بالا
            </Button>
            <Button size="xs" variant="ghost" disabled={line.last || move.isPending} onClick={() => moveTo('down')} aria-label={`پایین بردن «${line.name}»`}>
              پایین
            </Button>
            <Button size="xs" variant="outline" onClick={() => onDialog({ kind: 'rename', category: line })} aria-label={`تغییر نام «${line.name}»`}>
              تغییر نام
            </Button>
            <Button size="xs" variant="outline" onClick={() => onDialog({ kind: 'add', parent: line })} aria-label={`افزودن زیردسته به «${line.name}»`}>
              زیردسته
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => onRemove(line)} aria-label={`حذف «${line.name}»`}>
              حذف
            </Button>
          </>
        )}
      </HStack>
    </HStack>
  );
}

/**
 * مدیریت دسته‌بندی محتوا (/panel/cms/category-manage): the category tree, each category with its
 * content count; add (at the root or under a category), rename, move up or down among its
 * siblings, and remove (refused by the gateway, with its Persian message, while not empty); each
 * category's history in a drawer.
 */
export function CmsCategoriesScreen() {
  const canWrite = useCan(CMS_ACCESS.write);
  const tree = useQuery(trpc.cms.categories.queryOptions());
  const [dialog, setDialog] = useState<CategoryDialogTarget | null>(null);
  const [removing, setRemoving] = useState<CmsCategory | null>(null);
  const [history, setHistory] = useState<CmsCategory | null>(null);
  const remove = useMutation(trpc.cms.removeCategory.mutationOptions({ onSuccess: (outcome) => notify(outcome.message, 'success') }));
  const lines = categoryLabels(tree.data?.results ?? []);
  return (
    <Box p="6" maxW="64rem">
      <HStack justify="space-between" mb="5" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          مدیریت دسته‌بندی محتوا
        </Heading>
        <HStack gap="2">
          <Button asChild size="sm" variant="outline">
            <Link to="/panel/cms">فهرست محتواها</Link>
          </Button>
          {canWrite && (
            <Button size="sm" colorPalette="green" onClick={() => setDialog({ kind: 'add', parent: null })}>
              دسته‌بندی جدید
            </Button>
          )}
        </HStack>
      </HStack>
      {tree.isError ? (
        <Text>{CMS_MESSAGES.loadFailed}</Text>
      ) : !tree.data ? (
        <Text color="fg.muted">{MESSAGES.loading}</Text>
      ) : lines.length === 0 ? (
        <Text>هنوز دسته‌بندی‌ای ساخته نشده است.</Text>
      ) : (
        <Box as="ul" role="list" aria-label="درخت دسته‌بندی‌ها" borderWidth="1px" borderRadius="md" listStyleType="none">
          {lines.map((line) => (
            <CategoryRow key={line.id} line={line} canWrite={canWrite} onDialog={setDialog} onRemove={setRemoving} onHistory={setHistory} />
          ))}
        </Box>
      )}
      <CategoryDialog target={dialog} onClose={() => setDialog(null)} />
      <CategoryHistoryDrawer category={history} onClose={() => setHistory(null)} />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="حذف دسته‌بندی"
        message={removing && `دسته‌بندی «${removing.name}» حذف شود؟ فقط دسته‌بندی خالی حذف می‌شود.`}
        confirmLabel="حذف"
        destructive
        onConfirm={() => remove.mutateAsync({ id: removing!.id, version: removing!.version })}
      />
    </Box>
  );
}
