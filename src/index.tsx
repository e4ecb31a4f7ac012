// The first view's code and CSS only (docs/ARCHITECTURE.md, "First view"): the wallet app loads as its own chunk.
// The wallet adapter's stylesheet is here because the landing shows its button before the adapter's code arrives.
import '@solana/wallet-adapter-react-ui/styles.css';
import './features/shell/shell/shell.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Page } from './features/shell/shell';

const root = document.getElementById('root');
if (!root) throw new Error('SolBack: #root element missing from index.html');
// A transition: React renders the first view in slices of a few milliseconds and yields between them, so a slow
// phone's main thread is never blocked for long (Lighthouse's Total Blocking Time; docs/ARCHITECTURE.md, "First view").
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Page />
    </StrictMode>,
  );
});
