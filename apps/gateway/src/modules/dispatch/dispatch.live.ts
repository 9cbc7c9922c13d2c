import { LiveInitMessageSchema, type Cell, type LiveMessage, WS_DISPATCH_PATH } from '@panel/contracts/dispatch';
import type { LiveChannelDeclaration } from '../../live/live-channel';

// The live channel `/ws/dispatch` (spec §7, DESIGN §6) on the shared live kit (decision 062):
// a topic is a date, its items the date's cells, sent as the spec's message.

export function toLiveMessage(cells: Cell[]): LiveMessage {
  const experts = new Map<number, LiveMessage[number]>();
  for (const cell of cells) {
    const { pk, shift_id, ...rest } = cell;
    let entry = experts.get(cell.expert_id);
    if (!entry) {
      entry = { pk: cell.expert_id, shifts: [] };
      experts.set(cell.expert_id, entry);
    }
    entry.shifts.push({ ...rest, shift_id, pk: shift_id, cell_pk: pk });
  }
  return [...experts.values()];
}

export function dispatchChannel(snapshot: (date: string) => Promise<Cell[]>): LiveChannelDeclaration<Cell> {
  return {
    path: WS_DISPATCH_PATH,
    channel: 'dispatch_changes',
    topic(message) {
      const parsed = LiveInitMessageSchema.safeParse(message);
      return parsed.success ? parsed.data.data : undefined;
    },
    invalidInit: 'پیام نامعتبر است؛ ابتدا {type: "init", data: تاریخ} بفرستید',
    snapshot,
    message: toLiveMessage,
  };
}
