// What the grid benchmark (bench/grid) drives: the real dispatch grid, cell view and cell store.
// Benchmarks reach the app only through entry points like this one (lint enforces it).
export { DispatchGrid } from './modules/dispatch/components/dispatch-grid';
// The grid's stylesheets, for the baseline page that draws the same sheet without its components.
import '@panel/ui/grid/virtual-grid.css';
import './modules/dispatch/components/dispatch-grid.css';
export { applyDelta, applySnapshot, createCellStore } from './modules/dispatch/state/cell-store';
