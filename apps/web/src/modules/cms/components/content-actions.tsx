import { CMS_CONTENT_WORKFLOW, type CmsContent, type CmsContentAction, type CmsContentOutcome, type CmsStepAction } from '@panel/contracts/cms';
import { WorkflowActions, notify } from '@panel/ui';
import { useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';

/** The item's moves as its state table allows them (saving is the form's own button). */
export function ContentActions({ item, onDone }: { item: CmsContent; onDone: (outcome: CmsContentOutcome) => void }) {
  const roles = useRoles();
  const { id, version } = item;
  const step = (action: CmsStepAction) => actionCall(trpc.cms.updateState, (reason) => ({ id, version, action, reason }));
  const run = useActionCalls<CmsContentAction, CmsContentOutcome>(
    { save: null, publish: step('publish'), unpublish: step('unpublish'), archive: step('archive'), restore: step('restore') },
    {
      onSuccess: (outcome) => {
        notify(outcome.message, 'success');
        onDone(outcome);
      },
    },
  );
  return (
    <WorkflowActions
      workflow={CMS_CONTENT_WORKFLOW}
      state={item.state}
      roles={roles}
      onRun={run}
      except={['save']}
      destructive={['archive']}
      reasonLabels={{ archive: 'دلیل بایگانی' }}
    />
  );
}
