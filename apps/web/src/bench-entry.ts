// What the grid benchmark (bench/grid) drives: the real dispatch grid, cell view and cell store.
// Benchmarks reach the app only through entry points like this one (lint enforces it).
export { DispatchGrid, dispatchGridCss } from './modules/dispatch/components/dispatch-grid';
export { dispatchCellCss } from './modules/dispatch/components/dispatch-cell';
export { applyDelta, applySnapshot, createCellStore } from './modules/dispatch/state/cell-store';
