export { system, specSpacing } from './system';
export { UiProvider } from './provider';
export { Toaster, toaster, notify, TOAST_DURATION_MS, type ToastSeverity } from './toaster';
export { FullScreenLoader } from './full-screen-loader';
