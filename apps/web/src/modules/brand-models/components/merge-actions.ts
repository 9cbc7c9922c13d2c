import { notify } from '@panel/ui';

/**
 * What a brand's and a model's actions share: merge asks for its target before it runs (said in
 * Persian, nothing sent), retire, merge and undo are confirmed as destructive, and the reasons
 * they ask for are labelled. Spread into `WorkflowActions` beside the entry's own workflow.
 */
export function mergeActionProps<A extends string>(run: (action: A, reason: string) => Promise<unknown>, hasTarget: boolean, noTarget: string) {
  return {
    onRun: (action: A, reason: string) => {
      if (action === 'merge' && !hasTarget) {
        notify(noTarget, 'error');
        return Promise.reject(new Error('no target'));
      }
      return run(action, reason);
    },
    destructive: ['retire', 'merge', 'unmerge'] as A[],
    reasonLabels: { retire: 'دلیل بایگانی', merge: 'دلیل ادغام' } as Partial<Record<A, string>>,
  };
}
