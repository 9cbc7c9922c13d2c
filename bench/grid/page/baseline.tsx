import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { UiProvider } from '@panel/ui';
import { AVAILABILITY_LABELS, EXPERT_LEVEL_LABELS, INSPECTION_STATE_LABELS, formatShiftRangeFa, formatToman, toPersianDigits } from '@panel/contracts/common';
import type { Cell, Expert } from '@panel/contracts/dispatch';
// The grid's stylesheets (virtual-grid.css, dispatch-grid.css), which the bench entry loads.
import '@panel/web/bench';
import { createBench } from './bench-api';
import { SHIFTS } from './data';
import { inspectionStateGroup } from '@panel/contracts/dispatch';

// The baseline: the same sheet, data, styles and row geometry as the grid page, but the rows are
// a pool of plain DOM nodes that a scroll handler moves and refills, and a delta rewrites the
// innerHTML of its cell if it is on screen. React draws only the empty shell, once, so the page
// has the same stylesheet; it never renders again. This is about the least work a browser can do
// to show this sheet, so its frame times are the floor of this browser on this machine.

const ROW_HEIGHT = 84;
const HEADER_HEIGHT = 52;
const OVERSCAN = 4;
const TEMPLATE = `13rem repeat(${SHIFTS.length}, minmax(11rem, 1fr))`;

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const AVAILABILITY_CLASS: Record<Cell['state'], string> = {
  0: 'dc-available',
  1: 'dc-unavailable',
  2: 'dc-busy',
  3: 'dc-reserved-other',
  4: 'dc-reserved-other',
};

function holdLeft(expiresAt: string): string {
  const total = Math.max(0, Math.ceil((new Date(expiresAt).getTime() - Date.now()) / 1000));
  return toPersianDigits(`${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`);
}

/** The same markup DispatchCell renders. */
function cellHtml(cell: Cell | undefined): string {
  if (!cell) return '<div class="dc dc-none"></div>';
  const insp = cell.inspection;
  if (insp) {
    const group = inspectionStateGroup(insp.state);
    const time = insp.visit_time ? `<span class="dc-time">${toPersianDigits(insp.visit_time.slice(0, 5))}</span>` : '';
    return (
      `<div class="dc dc-insp dc-${group.color}" data-clickable="${group.clickable}" data-state="${insp.state}">` +
      `<div class="dc-top"><span class="dc-badge">${INSPECTION_STATE_LABELS[insp.state]}</span>${time}</div>` +
      `<div class="dc-line dc-strong" title="${escapeHtml(insp.brand_model)}">${escapeHtml(insp.brand_model)}</div>` +
      `<div class="dc-line" title="${escapeHtml(insp.selected_package_name)}">${escapeHtml(insp.selected_package_name)}</div>` +
      `<div class="dc-line dc-muted">${formatToman(insp.price)}</div></div>`
    );
  }
  const hold = cell.hold
    ? `<div class="dc-hold"><span class="dc-hold-who">رزرو موقت: ${escapeHtml(cell.hold.holder_fullname)}</span>` +
      `<span class="dc-hold-left" data-expires="${cell.hold.expires_at}">${holdLeft(cell.hold.expires_at)}</span></div>`
    : '';
  return (
    `<div class="dc ${AVAILABILITY_CLASS[cell.state]}${cell.hold ? ' dc-held' : ''}" data-clickable="true">` +
    `<span class="dc-availability">${AVAILABILITY_LABELS[cell.state]}</span>${hold}</div>`
  );
}

const key = (expertId: number, shiftId: number) => `${expertId}:${shiftId}`;

let scroller!: HTMLDivElement;
let body!: HTMLDivElement;
let experts: Expert[] = [];
const cells = new Map<string, Cell>();
const pending = new Map<string, Cell>();
const listeners = new Set<() => void>();
/** Mounted rows by index, and the cell nodes on screen by cell key. */
const rows = new Map<number, HTMLDivElement>();
const pool: HTMLDivElement[] = [];
const onScreen = new Map<string, HTMLDivElement>();
let frame = 0;

function fillRow(el: HTMLDivElement, index: number): void {
  const e = experts[index]!;
  el.setAttribute('aria-rowindex', String(index + 2));
  el.style.transform = `translateY(${HEADER_HEIGHT + index * ROW_HEIGHT}px)`;
  const header = el.firstElementChild as HTMLDivElement;
  header.innerHTML =
    `<div class="dg-expert"><span class="dg-expert-name" title="${escapeHtml(e.report_name)}">${escapeHtml(e.report_name)}</span>` +
    `<span class="dg-expert-meta">${EXPERT_LEVEL_LABELS[e.level]} · ${toPersianDigits(e.pk)}</span></div>`;
  for (let col = 0; col < SHIFTS.length; col++) {
    const cellEl = el.children[col + 1] as HTMLDivElement;
    const k = key(e.pk, SHIFTS[col]!.pk);
    cellEl.dataset.key = k;
    cellEl.innerHTML = cellHtml(cells.get(k));
    onScreen.set(k, cellEl);
  }
}

function newRow(): HTMLDivElement {
  const el = document.createElement('div');
  el.setAttribute('role', 'row');
  el.className = 'vg-row vg-body-row';
  el.style.cssText = `grid-template-columns:${TEMPLATE};height:${ROW_HEIGHT}px;position:absolute;top:0;inset-inline-start:0;width:100%`;
  let html = '<div role="rowheader" class="vg-row-header"></div>';
  for (let col = 0; col < SHIFTS.length; col++) html += `<div role="gridcell" class="vg-cell" aria-colindex="${col + 2}"></div>`;
  el.innerHTML = html;
  return el;
}

/** Mounts the rows in view (plus the overscan) and releases the others, as the grid does. */
function layout(): void {
  const top = scroller.scrollTop - HEADER_HEIGHT;
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(experts.length - 1, Math.floor((top + scroller.clientHeight - 1) / ROW_HEIGHT) + OVERSCAN);
  for (const [index, el] of rows) {
    if (index >= first && index <= last) continue;
    for (let col = 1; col < el.children.length; col++) onScreen.delete((el.children[col] as HTMLDivElement).dataset.key!);
    rows.delete(index);
    pool.push(el);
  }
  for (let index = first; index <= last; index++) {
    if (rows.has(index)) continue;
    let el = pool.pop();
    if (!el) {
      el = newRow();
      body.appendChild(el);
    }
    fillRow(el, index);
    rows.set(index, el);
  }
  // Nodes left in the pool stay in the document but out of sight, like a recycled list would.
  for (const el of pool) el.style.transform = 'translateY(-10000px)';
}

function flush(): void {
  frame = 0;
  for (const [k, cell] of pending) {
    cells.set(k, cell);
    const el = onScreen.get(k);
    if (el) el.innerHTML = cellHtml(cell);
  }
  pending.clear();
  for (const l of listeners) l();
}

const bench = createBench({
  show(list, all) {
    experts = list;
    for (const c of all) cells.set(key(c.expert_id, c.shift_id), c);
    body.style.height = `${HEADER_HEIGHT + experts.length * ROW_HEIGHT}px`;
    layout();
  },
  applyDelta(list) {
    for (const cell of list) {
      const k = key(cell.expert_id, cell.shift_id);
      const held = pending.get(k) ?? cells.get(k);
      if (held && held.version >= cell.version) continue;
      pending.set(k, cell);
    }
    if (!frame && pending.size) frame = requestAnimationFrame(flush);
  },
  onCommit(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  scrollElement: () => scroller,
});

(window as unknown as { bench: typeof bench }).bench = bench;

function Shell() {
  return (
    <div className="dg" style={{ height: '100vh' }}>
      <div
        ref={(el: HTMLDivElement | null) => {
          if (el) scroller = el;
        }}
        className="vg-grid"
        style={{ height: '100%' }}
        role="grid"
        aria-label="جدول کارشناسان و شیفت‌ها"
        tabIndex={0}
        dir="rtl"
      >
        <div
          ref={(el) => {
            if (el) body = el;
          }}
          style={{ position: 'relative', minWidth: `calc(13rem + ${SHIFTS.length} * 11rem)` }}
        >
          <div
            role="row"
            aria-rowindex={1}
            className="vg-row vg-header"
            style={{ gridTemplateColumns: TEMPLATE, height: HEADER_HEIGHT, position: 'sticky', top: 0, zIndex: 2 }}
          >
            <div role="columnheader" className="vg-row-header">
              کارشناس
            </div>
            {SHIFTS.map((s) => (
              <div role="columnheader" key={s.pk} className="vg-col-header">
                <div className="dg-shift">
                  <span className="dg-shift-range">{formatShiftRangeFa(s.start, s.end)}</span>
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

// The shell is drawn synchronously and never again; from here on only the code above touches rows.
const root = createRoot(document.getElementById('root')!);
flushSync(() =>
  root.render(
    <UiProvider>
      <Shell />
    </UiProvider>,
  ),
);
scroller.addEventListener('scroll', layout, { passive: true });
setInterval(() => {
  for (const el of body.querySelectorAll<HTMLElement>('.dc-hold-left')) el.textContent = holdLeft(el.dataset.expires!);
}, 1000);
