/* global window, document, performance, Document, MutationObserver, requestAnimationFrame, MessageChannel */
// Injected before any script of the page (Playwright's init script), in the app and the baseline
// alike: marks when the entry has run (the first look-up of #root, which main.tsx makes after
// every import has evaluated), the websocket's open and the snapshot's arrival (a listener added
// before the page's own), and when the first cell drawn from the live snapshot (`.dc` that is not
// the empty `.dc-none`) is in the document and then painted (the frame after it, plus a task);
// in the app, when its filter selects are usable (islands_ready).
(() => {
  const marks = {};
  window.__cold = marks;
  const at = (name) => {
    if (marks[name] === undefined) marks[name] = performance.now();
  };
  const byId = Document.prototype.getElementById;
  Document.prototype.getElementById = function (id) {
    if (id === 'root') at('entry_evaluated');
    return byId.call(this, id);
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      at('websocket_created');
      this.addEventListener('open', () => at('websocket_open'));
      this.addEventListener('message', (m) => {
        if (typeof m.data === 'string' && m.data.includes('"snapshot"')) at('snapshot_received');
      });
    }
  };
  /** Marks `name` once what was just put in the document has been painted (the frame after it, plus a task). */
  const atPaint = (name) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => at(name);
      channel.port2.postMessage(0);
    });
  const live = () => document.querySelector('.dc:not(.dc-none)');
  const observer = new MutationObserver(() => {
    if (marks.grid_in_document !== undefined || !live()) return;
    at('grid_in_document');
    observer.disconnect();
    atPaint('grid_painted');
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  // The app only: when the sheet's filter selects are Chakra's own, usable (decision 148: until then
  // they are drawn plain, and Chakra loads after the grid has painted), then painted.
  const islands = new MutationObserver(() => {
    if (!document.querySelector('[data-scope="select"][data-part="trigger"]')) return;
    at('islands_in_document');
    islands.disconnect();
    atPaint('islands_ready');
  });
  islands.observe(document, { childList: true, subtree: true });
})();
