/* global document, location, WebSocket, URLSearchParams */
// bench/cold-load's baseline: the same websocket subscription as the sheet (tRPC's protocol, the
// BFF's dispatch.watch for the date in the address), and the snapshot's first rows drawn with plain
// DOM calls: the floor of a cold load in this browser, with no app, no framework, no styling kit.
const date = new URLSearchParams(location.search).get('date');
const root = document.getElementById('root');
const socket = new WebSocket(`ws://${location.host}/trpc`);
socket.addEventListener('open', () => {
  socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'dispatch.watch', input: { date, lastEventId: null } } }));
});
socket.addEventListener('message', (message) => {
  if (message.data === 'PING') return socket.send('PONG');
  const data = JSON.parse(message.data)?.result?.data;
  const event = data && data.type ? data : data?.data;
  if (!event || event.type !== 'snapshot') return;
  const byExpert = new Map();
  for (const cell of event.cells) {
    if (!byExpert.has(cell.expert_id)) byExpert.set(cell.expert_id, []);
    byExpert.get(cell.expert_id).push(cell);
  }
  const table = document.createElement('div');
  table.style.cssText = 'display:grid;grid-template-columns:repeat(7,minmax(120px,1fr));gap:2px;font:13px sans-serif';
  let rows = 0;
  for (const [expert, cells] of byExpert) {
    if (rows++ >= 20) break;
    const name = document.createElement('div');
    name.textContent = String(expert);
    table.append(name);
    for (const cell of cells.slice(0, 6)) {
      const node = document.createElement('div');
      node.className = cell.inspection ? 'dc dc-insp' : 'dc';
      node.textContent = cell.inspection ? cell.inspection.code : String(cell.state);
      node.style.cssText = 'height:72px;border:1px solid #ccc;padding:4px';
      table.append(node);
    }
  }
  root.append(table);
});
