import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

type State = { error: unknown; hasError: boolean };

/** Catches rendering failures outside the router (providers, the router itself). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected rendering failure', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return <ErrorScreen error={this.state.error} />;
    return this.props.children;
  }
}
