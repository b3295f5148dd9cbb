import 'primeicons/primeicons.css';
import 'primeflex/primeflex.min.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { applyLayout } from './lib/layout-settings/apply-layout.ts';
import { getLayoutSettings } from './lib/layout-settings/layout-settings.ts';

applyLayout(getLayoutSettings());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
