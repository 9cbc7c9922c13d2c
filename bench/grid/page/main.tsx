import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { UiProvider, type GridPosition } from '@panel/ui';
import type { Expert } from '@panel/contracts/dispatch';
import { DispatchGrid, applyDelta, applySnapshot, createCellStore } from '@panel/web/bench';
import { createBench } from './bench-api';
import { SHIFTS } from './data';

// The page the benchmark drives: the real DispatchGrid and the real cell store, fed directly.

const store = createCellStore();
let setExperts: (e: Expert[]) => void = () => {};

function Harness() {
  const [list, setList] = useState<Expert[]>([]);
  const [active, setActive] = useState<GridPosition | null>(null);
  setExperts = setList;
  return (
    <DispatchGrid
      experts={list}
      shifts={SHIFTS}
      store={store}
      active={active}
      onActiveChange={setActive}
      onOpenCell={() => {}}
      height="100vh"
    />
  );
}

const bench = createBench({
  show(experts, cells) {
    applySnapshot(store, cells);
    flushSync(() => setExperts(experts));
  },
  applyDelta: (cells) => applyDelta(store, cells),
  onCommit: (listener) => store.subscribeAll(listener),
  scrollElement: () => document.querySelector('[role="grid"]') as HTMLElement,
});

(window as unknown as { bench: typeof bench }).bench = bench;

createRoot(document.getElementById('root')!).render(
  <UiProvider>
    <Harness />
  </UiProvider>,
);
