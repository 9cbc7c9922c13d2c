import { island, releaseIslands } from './island';
import type * as ToasterView from './toaster-view';

// The panel's toasts (spec §9), with Chakra's toaster loaded apart from the first paint (decision
// 148): `notify` is plain and may be called from anywhere at any time; the toast shows once the
// toaster's island (mounted once, by the app) has loaded, in the order the calls were made.

export type ToastSeverity = 'error' | 'success' | 'warning' | 'info';

let view: Promise<typeof ToasterView> | null = null;
const loadView = () => (view ??= import('./toaster-view'));

/** Shows a toast; the severity defaults to error, as the spec's default. */
export function notify(title: string, severity: ToastSeverity = 'error', description?: string): void {
  // Something to say now: the islands, the toaster among them, need not wait for the first paint.
  releaseIslands();
  void loadView().then((toasts) => toasts.showToast(title, severity, description));
}

/** Where the toasts show: mounted once, at the root of the app. */
export const Toaster = island(async () => (await loadView()).Toaster);
