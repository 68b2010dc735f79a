import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The design system first, so that feature styles imported by the app come after it.
import './app/global.css';
import { App } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
