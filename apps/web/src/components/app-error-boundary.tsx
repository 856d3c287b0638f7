import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

type Props = {
  children: ReactNode /** A new value clears a caught error (the router passes the address). */;
  resetKey?: string;
};
type State = { error: unknown; hasError: boolean; resetKey?: string };

/** Catches rendering failures: around the whole app (providers, the router) and around the routes. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, hasError: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected rendering failure', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return <ErrorScreen error={this.state.error} />;
    return this.props.children;
  }
}
