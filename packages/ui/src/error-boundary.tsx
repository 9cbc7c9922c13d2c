import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LightButton } from './light/light';

export const ERROR_FALLBACK_MESSAGE = 'در نمایش این بخش خطایی رخ داد.';
export const ERROR_RETRY_LABEL = 'تلاش دوباره';

export interface ErrorFallbackProps {
  /** Defaults to ERROR_FALLBACK_MESSAGE. */
  message?: string;
  onRetry: () => void;
}

/**
 * What a part of the page that failed to render shows instead: a Persian line and a retry, never
 * the error itself. Plain (decision 148): it may stand where Chakra has not loaded.
 */
export function ErrorFallback({ message = ERROR_FALLBACK_MESSAGE, onRetry }: ErrorFallbackProps) {
  return (
    <div role="alert" className="lt-error">
      <p className="lt-error-text">{message}</p>
      <LightButton size="sm" variant="outline" onClick={onRetry}>
        {ERROR_RETRY_LABEL}
      </LightButton>
    </div>
  );
}

export interface PanelErrorBoundaryProps {
  children: ReactNode;
  /** Names the panel in the console log. */
  name?: string;
  message?: string;
  /** When any of these changes, a shown fallback gives way to the children again. */
  resetKeys?: readonly unknown[];
  /** Runs before a retry re-renders the children (e.g. to reset a store the panel reads). */
  onReset?: () => void;
}

interface State {
  failed: boolean;
  resetKeys: readonly unknown[] | undefined;
}

const sameKeys = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((key, i) => Object.is(key, b[i])));

/**
 * An error boundary around one heavy panel (STYLE 15): a render error there leaves the rest of
 * the screen working and shows ErrorFallback in its place. The error goes to the console only.
 */
export class PanelErrorBoundary extends Component<PanelErrorBoundaryProps, State> {
  override state: State = { failed: false, resetKeys: this.props.resetKeys };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: PanelErrorBoundaryProps, state: State): Partial<State> | null {
    if (sameKeys(props.resetKeys, state.resetKeys)) return null;
    return { failed: false, resetKeys: props.resetKeys };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`Render error in ${this.props.name ?? 'a panel'}`, error, info.componentStack);
  }

  private retry = () => {
    this.props.onReset?.();
    this.setState({ failed: false });
  };

  override render() {
    if (this.state.failed) return <ErrorFallback message={this.props.message} onRetry={this.retry} />;
    return this.props.children;
  }
}
