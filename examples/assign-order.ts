// An integrator's script through the typed client (issue 18): list the unassigned orders of
// today (or tomorrow, once today's shifts are full) and assign one to a free cell of the sheet.
// Run: PANEL_URL=http://127.0.0.1:4000 PANEL_TOKEN=pnl_... npx tsx examples/assign-order.ts
import { TRPCClientError, createPanelClient } from '@panel/client';

const url = process.env.PANEL_URL ?? 'http://127.0.0.1:4000';
const token = process.env.PANEL_TOKEN;
if (!token) {
  console.error('PANEL_TOKEN is not set: make a token in the panel (user menu → توکن‌های API).');
  process.exit(2);
}
const panel = createPanelClient({ url, token });

const dates = await panel.dispatch.dates.query();
for (const day of dates.filter((d) => d.type === 'today' || d.type === 'tommorrow')) {
  const [schedule] = await panel.dispatch.schedule.query({ date: day.date });
  const cells = await panel.dispatch.cells.query({ date: day.date });
  const free = cells.filter((cell) => cell.state === 0 && !cell.inspection && !cell.hold);
  console.log(`${day.date}: ${free.length} free cells of ${cells.length}`);
  for (const cell of free) {
    const orders = await panel.dispatch.unassigned.query({ shiftId: cell.shift_id, expertId: cell.expert_id });
    if (orders.length === 0) continue;
    const order = orders[0]!;
    const shift = schedule?.shifts.find((s) => s.pk === cell.shift_id);
    const visitTime = (shift?.start ?? '10:00').slice(0, 5);
    console.log(`unassigned for expert ${cell.expert_id}, shift ${cell.shift_id}: ${orders.map((o) => o.code).join(', ')}`);
    try {
      const assigned = await panel.dispatch.assignOrder.mutate({ inspectionId: order.pk, timeslotId: cell.pk, visitTime, version: cell.version });
      console.log(`assigned order ${order.code} to expert ${assigned.expert_id} at ${visitTime} (cell ${assigned.pk})`);
      const log = await panel.inspectionOrders.actionLog.query({ pk: order.pk });
      console.log(`recorded as done by: ${log.at(-1)?.actor_username ?? '(no log entry)'}`);
      process.exit(0);
    } catch (error) {
      // Someone else took the cell or the order meanwhile (409): try the next one.
      if (error instanceof TRPCClientError && error.data?.httpStatus === 409) {
        console.log(`skipped: ${error.message}`);
        continue;
      }
      throw error;
    }
  }
}
console.error('no unassigned order fits a free cell today or tomorrow');
process.exit(1);
