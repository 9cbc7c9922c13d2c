import { useState } from 'react';
import { Button, Checkbox, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CAR_POST_MESSAGES, CAR_POST_WORKFLOW, ChangeOwnershipInputSchema, type CarPostAction, type CarPostActionResult, type CarPostDetail, type CarPostState } from '@panel/contracts/car-posts';
import { ConfirmDialog, notify } from '@panel/ui';
import { useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';
import { QUEUE_KEYS } from './queue-keys';

const SHORTCUTS: Partial<Record<CarPostAction, string>> = { approve: QUEUE_KEYS.approve.label, reject: QUEUE_KEYS.reject.label, return_to_editing: QUEUE_KEYS.editing.label };
const DESTRUCTIVE: CarPostAction[] = ['reject', 'archive'];
/** Actions that keep a text (for the seller, or the log's reason); approve and republish keep none. */
const REASONED: CarPostAction[] = ['reject', 'return_to_editing', 'archive', 'change_ownership'];

/** Reasons from the gateway's list, one or more, with the Persian message when none is picked. */
function ReasonPicker({ label, reasons, picked, onChange, missing }: { label: string; reasons: { id: number; title: string }[]; picked: number[]; onChange: (ids: number[]) => void; missing: boolean }) {
  // Not a Field: a field gives its one id to every checkbox inside it.
  return (
    <Stack as="fieldset" gap="2" border="0" p="0" m="0" aria-invalid={missing} aria-describedby={missing ? 'reasons-missing' : undefined}>
      <Text as="legend" fontWeight="medium" textStyle="sm" mb="2">
        {label}
        <Text as="span" color="fg.error" ms="1" aria-hidden>
          *
        </Text>
      </Text>
      {reasons.map((reason) => (
        <Checkbox.Root
          key={reason.id}
          checked={picked.includes(reason.id)}
          onCheckedChange={(e) => onChange(e.checked ? [...picked, reason.id] : picked.filter((id) => id !== reason.id))}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{reason.title}</Checkbox.Label>
        </Checkbox.Root>
      ))}
      {missing && (
        <Text id="reasons-missing" color="fg.error" textStyle="sm" role="alert">
          {CAR_POST_MESSAGES.reasons}
        </Text>
      )}
    </Stack>
  );
}

export interface CarPostActionsProps {
  post: CarPostDetail;
  /** The action whose dialog is open (the keyboard opens them too). */
  asking: CarPostAction | null;
  onAsk: (action: CarPostAction | null) => void;
}

/**
 * The post's actions (decision 080): a button for each action the declared table allows from the
 * state; reject and return to editing ask for reasons from the gateway's lists and the text for
 * the seller; change of ownership asks for the new owner's phone. Each names the version shown:
 * a colleague's change in between is the gateway's Persian 409, and the fresh post is reloaded.
 */
export function CarPostActions({ post, asking, onAsk }: CarPostActionsProps) {
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<number[]>([]);
  const [missing, setMissing] = useState(false);
  const [owner, setOwner] = useState({ phone_number: '', owner_name: '' });
  const [ownerErrors, setOwnerErrors] = useState<Record<string, string>>({});
  const rejection = useQuery({ ...trpc.carPosts.rejectionReasons.queryOptions(), staleTime: 10 * 60_000 });
  const edit = useQuery({ ...trpc.carPosts.editReasons.queryOptions(), staleTime: 10 * 60_000 });

  const roles = useRoles();

  const { id, version } = post;
  const reasoned = (text: string) => {
    if (picked.length === 0) {
      setMissing(true);
      throw new Error(CAR_POST_MESSAGES.reasons);
    }
    return { id, version, reasons: picked, text };
  };
  const newOwner = (text: string) => {
    const parsed = ChangeOwnershipInputSchema.safeParse({ id, version, ...owner, reason: text });
    if (!parsed.success) {
      setOwnerErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      throw new Error('invalid');
    }
    return parsed.data;
  };
  const posts = trpc.carPosts;
  const run = useActionCalls<CarPostAction, CarPostActionResult>(
    {
      approve: actionCall(posts.approve, () => ({ id, version })),
      reject: actionCall(posts.reject, reasoned),
      return_to_editing: actionCall(posts.returnToEditing, reasoned),
      republish: actionCall(posts.republish, () => ({ id, version })),
      archive: actionCall(posts.archive, (text) => ({ id, version, reason: text })),
      change_ownership: actionCall(posts.changeOwnership, newOwner),
    },
    {
      onSuccess: (result) => notify(result.message, 'success'),
      // Refused (a colleague was first): show the post as it is now.
      onError: () => void queryClient.invalidateQueries(),
    },
  );
  const ask = (action: CarPostAction | null) => {
    setPicked([]);
    setMissing(false);
    setOwner({ phone_number: '', owner_name: '' });
    setOwnerErrors({});
    onAsk(action);
  };

  const allowed = CAR_POST_WORKFLOW.allowed(post.state as CarPostState).filter((action) => CAR_POST_WORKFLOW.permits(action, roles));
  // Every action asks first, approve included (decision 080): its dialog confirms with Enter.
  const open = asking && allowed.includes(asking) ? CAR_POST_WORKFLOW.actions[asking] : undefined;

  return (
    <>
      {allowed.map((action) => (
        <Button
          key={action}
          size="sm"
          variant="outline"
          aria-keyshortcuts={SHORTCUTS[action]}
          onClick={() => ask(action)}
        >
          {CAR_POST_WORKFLOW.actions[action].label}
          {SHORTCUTS[action] && ` (${SHORTCUTS[action]})`}
        </Button>
      ))}
      {asking && open && (
        <ConfirmDialog
          open
          onClose={() => ask(null)}
          title={open.label}
          message={open.confirm}
          confirmLabel={open.label}
          reason={REASONED.includes(asking) ? 'optional' : undefined}
          reasonLabel={asking === 'reject' || asking === 'return_to_editing' ? 'متن برای فروشنده' : 'دلیل'}
          destructive={DESTRUCTIVE.includes(asking)}
          onConfirm={(text) => run(asking, text)}
        >
          {asking === 'reject' && (
            <ReasonPicker label="دلیل‌های رد" reasons={rejection.data ?? []} picked={picked} onChange={(ids) => (setPicked(ids), setMissing(false))} missing={missing} />
          )}
          {asking === 'return_to_editing' && (
            <ReasonPicker label="دلیل‌های ویرایش" reasons={edit.data ?? []} picked={picked} onChange={(ids) => (setPicked(ids), setMissing(false))} missing={missing} />
          )}
          {asking === 'change_ownership' && (
            <Stack gap="3">
              <Field.Root invalid={Boolean(ownerErrors.phone_number)} required>
                <Field.Label>
                  تلفن همراه مالک جدید
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input dir="ltr" inputMode="tel" value={owner.phone_number} onChange={(e) => setOwner((o) => ({ ...o, phone_number: e.target.value }))} />
                {ownerErrors.phone_number && <Field.ErrorText>{ownerErrors.phone_number}</Field.ErrorText>}
              </Field.Root>
              <Field.Root invalid={Boolean(ownerErrors.owner_name)} required>
                <Field.Label>
                  نام مالک جدید
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input value={owner.owner_name} onChange={(e) => setOwner((o) => ({ ...o, owner_name: e.target.value }))} />
                {ownerErrors.owner_name && <Field.ErrorText>{ownerErrors.owner_name}</Field.ErrorText>}
              </Field.Root>
            </Stack>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
