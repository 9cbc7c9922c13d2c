// The whole kit in one import. A page's first load should import the subpaths it needs instead
// (`@panel/ui/grid`, `@panel/ui/toaster`, …; package.json `exports`): the form kit brings
// react-hook-form and zod, the dialogs and pickers their machines (issue 36, decision 139).
export { system, specSpacing } from './system';
export { UiProvider } from './provider';
export { notify, type ToastSeverity } from './toaster';
export { Toaster, toaster } from './toaster-view';
export { island, loadUi, releaseIslands, afterPaint, type IslandOptions } from './island';
export { MessageText } from './message-text';
export { FullScreenLoader } from './full-screen-loader';
export { PanelErrorBoundary, ErrorFallback, ERROR_FALLBACK_MESSAGE, ERROR_RETRY_LABEL, type PanelErrorBoundaryProps, type ErrorFallbackProps } from './error-boundary';
export * from './grid';
export * from './list';
export * from './form';
export * from './detail';
export * from './actions';
