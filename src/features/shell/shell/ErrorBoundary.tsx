// docs/PRODUCT.md#fallback-screen: when the page fails unexpectedly, a fallback screen with the technical details and a refresh button.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FALLBACK } from '../../../common/texts/screenTexts';

interface Props {
  children: ReactNode;
  onRefresh?: () => void;
}
interface State {
  error: Error | null;
  componentStack: string | null;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, componentStack: null };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? null });
    console.error('SolBack failed to render', error);
  }

  render() {
    const { error, componentStack } = this.state;
    if (!error) return this.props.children;
    const refresh = this.props.onRefresh ?? (() => window.location.reload());
    return (
      <main className="fallback-screen" role="alert" data-testid="error-fallback">
        <h2>{FALLBACK.heading}</h2>
        <details className="fallback-details">
          <summary>{FALLBACK.technicalDetails}</summary>
          <pre>{`${error.name}: ${error.message}${componentStack ? `\n${componentStack}` : ''}`}</pre>
        </details>
        <button type="button" className="primary-button" onClick={refresh}>
          {FALLBACK.refresh}
        </button>
      </main>
    );
  }
}
