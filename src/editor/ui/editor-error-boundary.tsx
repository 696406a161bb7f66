import { Component, Fragment, type ReactNode } from 'react';

interface Props {
  /** Changes once the editor has gone back to its last good state: the text is shown again, on fresh DOM. */
  recovery: number;
  onError: (error: unknown) => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  recovery: number;
}

/**
 * Catches an error thrown while the editor renders (a browser extension that rewrote its DOM, a bug):
 * nothing is shown until the editor has put back its last good state, instead of React unmounting the
 * whole form with the text in it.
 */
export class EditorErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, recovery: this.props.recovery };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.recovery !== state.recovery ? { failed: false, recovery: props.recovery } : null;
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : <Fragment key={this.state.recovery}>{this.props.children}</Fragment>;
  }
}
