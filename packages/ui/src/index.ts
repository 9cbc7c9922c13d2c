export { system, specSpacing } from './system';
export { UiProvider } from './provider';
export { Toaster, toaster, notify, TOAST_DURATION_MS, type ToastSeverity } from './toaster';
export { FullScreenLoader } from './full-screen-loader';
export { KeyedStore, useKeyedValue, type FrameScheduler } from './grid/keyed-store';
export { VirtualGrid, cellDomId, type VirtualGridProps, type VirtualGridColumn, type GridPosition } from './grid/virtual-grid';
export { MultiSelect, SingleSelect, type SelectOption, type MultiSelectProps, type SingleSelectProps } from './grid/multi-select';
export { useSecondClock } from './grid/clock';
