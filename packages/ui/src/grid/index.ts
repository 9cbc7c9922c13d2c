export { KeyedStore, useKeyedValue, type FrameScheduler } from './keyed-store';
export { VirtualGrid, cellDomId, type VirtualGridProps, type VirtualGridColumn, type GridPosition } from './virtual-grid';
export { MultiSelect, SingleSelect, type SelectOption, type MultiSelectProps, type SingleSelectProps } from './multi-select';
export { useSecondClock } from './clock';
