import { Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@panel/contracts/common';
import { CMS_CATEGORY_ACTIONS, CMS_MESSAGES, type CmsCategory } from '@panel/contracts/cms';
import { HistoryTimeline, SideDrawer, actionLogEntries } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

const LABELS = { extra: CMS_CATEGORY_ACTIONS };

function CategoryHistory({ id }: { id: number }) {
  const history = useQuery(trpc.cms.categoryHistory.queryOptions({ id }));
  if (history.isError) return <Text>{CMS_MESSAGES.loadFailed}</Text>;
  if (!history.data) return <Text color="fg.muted">{MESSAGES.loading}</Text>;
  return <HistoryTimeline entries={actionLogEntries(history.data, LABELS)} emptyText="هنوز رویدادی ثبت نشده است." />;
}

/** A category's history (who added, renamed or moved it, and when), newest first, in a drawer. */
export function CategoryHistoryDrawer({ category, onClose }: { category: CmsCategory | null; onClose: () => void }) {
  return (
    <SideDrawer open={category !== null} onClose={onClose} title={category ? `سابقه «${category.name}»` : ''} width={48}>
      {category && <CategoryHistory id={category.id} />}
    </SideDrawer>
  );
}
