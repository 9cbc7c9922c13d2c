/* global window, document, performance, requestAnimationFrame */
// Injected before the page's own scripts (Playwright's init script) in both browsers of
// bench/clicks. Times are epoch milliseconds (performance.timeOrigin + …), so the two browsers and
// the server's commit time (a cell's `updated_at`) compare on the one clock of this machine.
//   - `lastClick`: when the last click event was dispatched (the user's hand);
//   - `watch(name, test)`: from now on, each frame checks `test` and marks the first frame it holds
//     (a rAF callback runs just before the frame is painted, so the mark is that frame's time).
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const probe = { lastClick: 0, marks: {} };
  window.__clicks = probe;
  document.addEventListener('click', (event) => (probe.lastClick = performance.timeOrigin + event.timeStamp), true);

  probe.watch = (name, test) => {
    delete probe.marks[name];
    const tick = () => {
      if (test()) probe.marks[name] = now();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };

  /** The grid cell of an expert (its row's key) in a column, or undefined while it is not drawn. */
  probe.cell = (expertId, column) => document.querySelector(`[role="grid"] [role="row"][data-key="${expertId}"]`)?.querySelectorAll('[role="gridcell"]')[column];

  /**
   * The drawer's button named `label` is actionable as Playwright means it: in the document,
   * enabled and not loading, with a box of its own that did not move since the frame before
   * (the drawer's slide has ended), and the topmost element at its centre.
   */
  let lastBox = '';
  probe.actionable = (label) => {
    const drawer = document.querySelector('[data-testid="cell-drawer"]');
    const button = drawer && [...drawer.querySelectorAll('button')].find((b) => b.textContent.trim() === label);
    if (!button || button.disabled || button.hasAttribute('data-loading')) return (lastBox = ''), false;
    const r = button.getBoundingClientRect();
    const box = `${r.x},${r.y},${r.width},${r.height}`;
    const stable = r.width > 0 && box === lastBox;
    lastBox = box;
    if (!stable) return false;
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top !== null && button.contains(top);
  };
})();
